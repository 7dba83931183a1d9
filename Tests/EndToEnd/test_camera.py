"""End-to-end checks of `wallet card scan --camera` and `wallet card add --camera`, without a camera.

Clips are recorded in the test from the wallet's own barcode renders (camera_clips.py) and played
through GStreamer with `--camera-source gst:...` in real time; each run's per-frame event lines
(`WALLET_CAMERA_EVENTS=1`) are read with a deadline. Asserted: the right text and format, the
refusal of two codes in view, the time from the code becoming readable to the reading, a source
that fails to start, one that stalls, one that ends, a time-out, Ctrl-C, a 1080p 60 fps source
and flat memory over a long run.
"""
import json
import signal
import time

import pytest

import camera_clips as clips
from conftest import WALLET_BIN, run_in_terminal

QR_TEXT = "https://example.com/member/4711"
EAN_TEXT = "4006381333931"


@pytest.fixture
def codes(wallet, tmp_path):
    return {
        "qr": clips.render(WALLET_BIN, wallet.env, tmp_path, "qr", QR_TEXT, module=6),
        "ean13": clips.render(WALLET_BIN, wallet.env, tmp_path, "ean13", "400638133393", module=3),
        "code128": clips.render(WALLET_BIN, wallet.env, tmp_path, "code128", "C128-5501", module=3),
        "other-qr": clips.render(WALLET_BIN, wallet.env, tmp_path, "qr", "SECOND-CODE", module=6),
    }


def camera(wallet, *args, seconds=60):
    run = clips.Run(WALLET_BIN, wallet.env, args)
    try:
        code, stdout = run.finish(seconds)
    finally:
        run.kill()
    return code, stdout, run


def scan_json(wallet, source, timeout=20):
    code, stdout, run = camera(wallet, "card", "scan", "--camera", "--camera-source", source, "--timeout", timeout, "--json")
    assert code == 0, run.errors
    return json.loads(stdout), run


@pytest.mark.parametrize("kind,fmt,text", [
    ("rotating", "qr", QR_TEXT),
    ("perspective", "ean13", EAN_TEXT),
    ("motion-blur", "code128", "C128-5501"),
    ("noise-dim-bright", "ean13", EAN_TEXT),
    ("phone-screen", "qr", QR_TEXT),
])
def test_a_clip_is_read_with_the_right_text_and_format(wallet, tmp_path, codes, kind, fmt, text):
    directory = clips.write(clips.scenario(kind, [codes[fmt]]), tmp_path / kind)
    found, run = scan_json(wallet, clips.pipeline(directory))
    assert [(f["format"], f["text"], f["storable"]) for f in found] == [(fmt, text, True)]
    taken = [frame for frame in run.frames if frame["state"].startswith("taken")]
    assert len(taken) == 1 and taken[0]["state"] == f'taken {fmt} "{text}"'
    # Never a wrong reading on the way: every frame's finding was this code or nothing.
    assert all(frame["state"] in ("searching", "ambiguous 1") or text in frame["state"] for frame in run.frames)


def test_the_first_reading_comes_within_a_second_of_the_code_becoming_readable(wallet, tmp_path, codes):
    fps, arrive = 30, 1.0
    frames = clips.moving_into_view(codes["qr"], (1280, 720), fps, seconds=4.0, arrive=arrive)
    directory = clips.write(frames, tmp_path / "moving")
    found, run = scan_json(wallet, clips.pipeline(directory, fps))
    assert [(f["format"], f["text"]) for f in found] == [("qr", QR_TEXT)]
    taken = run.frames[-1]
    assert taken["state"].startswith("taken") and taken["size"] == (1280, 720) and taken["fps"] == 30
    # The event's stream time is the clip's time: the reading's frame is from after the code
    # arrived, and the reading itself (wall time, the frame's cost included) came within 2 s
    # of it here (the 1 s figure is measured by `make bench` on an idle machine).
    latency = taken["pts"] + taken["cost"] - arrive
    assert 0 <= latency < 2.0, run.frames


def test_two_codes_in_view_are_refused_as_ambiguous(wallet, tmp_path, codes):
    directory = clips.write(clips.scenario("two-codes", [codes["qr"], codes["ean13"]]), tmp_path / "two")
    code, stdout, run = camera(wallet, "card", "scan", "--camera", "--camera-source", clips.pipeline(directory),
                               "--timeout", 20)
    assert code != 0 and stdout == ""
    assert any(frame["state"] == "ambiguous 2" for frame in run.frames)
    assert not any(frame["state"].startswith("taken") for frame in run.frames)
    assert run.errors == [f'Error: the GStreamer pipeline ended before a barcode was read (last seen: 1 qr "{QR_TEXT}", '
                          f'2 ean13 "{EAN_TEXT}"); nothing stored']


def test_a_code_that_leaves_mid_read_is_not_taken(wallet, tmp_path, codes):
    directory = clips.write(clips.scenario("leaves-mid-read", [codes["qr"], codes["other-qr"]]), tmp_path / "leaves")
    found, run = scan_json(wallet, clips.pipeline(directory))
    assert [(f["format"], f["text"]) for f in found] == [("qr", "SECOND-CODE")]


def test_card_add_camera_stores_the_card_as_add_scan_does(wallet, tmp_path, codes):
    directory = clips.write(clips.scenario("perspective", [codes["ean13"]]), tmp_path / "add")
    code, stdout, run = camera(wallet, "card", "add", "--store", "Grocer", "--camera", "--camera-source",
                               clips.pipeline(directory), "--timeout", 20)
    assert code == 0, run.errors
    card = json.loads(wallet.run("card", "show", stdout.strip(), "--json").stdout)
    assert (card["store"], card["format"], card["code"]) == ("Grocer", "ean13", EAN_TEXT)


def test_a_1080p_60fps_source_is_scaled_down_and_read(wallet, tmp_path, codes):
    frame = clips.place(clips.background((1920, 1080)), codes["qr"], (960, 540), scale=1.5)
    png = tmp_path / "1080p.png"
    frame.save(png)
    found, run = scan_json(wallet, clips.still(png, 60))
    assert [(f["format"], f["text"]) for f in found] == [("qr", QR_TEXT)]
    assert {f["size"] for f in run.frames} == {(1280, 720)} and {f["fps"] for f in run.frames} == {60}


@pytest.mark.parametrize("source,message", [
    ("gst:nosuchelement", 'Error: cannot start the GStreamer pipeline: no element "nosuchelement"; check the pipeline'),
    ("gst:videotestsrc ! audio/x-raw", "Error: cannot start the GStreamer pipeline: could not link"),
    ("gst:filesrc location=/nonexistent/clip.avi ! avidemux", "Error: cannot open the GStreamer pipeline"),
    ("/dev/video97", "Error: cannot open /dev/video97"),
    ("webcam", "Error: unknown camera source 'webcam': give /dev/videoN, pipewire or gst:PIPELINE"),
])
def test_a_source_that_fails_to_start_is_one_line_saying_what_to_do(wallet, source, message):
    started = time.monotonic()
    code, stdout, run = camera(wallet, "card", "scan", "--camera", "--camera-source", source, seconds=20)
    assert code != 0 and stdout == "" and run.frames == []
    assert len(run.errors) == 1 and run.errors[0].startswith(message), run.errors
    assert time.monotonic() - started < 10


def test_a_source_that_never_gives_a_frame_is_a_stall_error(wallet):
    started = time.monotonic()
    code, _, run = camera(wallet, "card", "scan", "--camera", "--camera-source",
                          "gst:videotestsrc ! video/x-raw,width=320,height=240 ! valve drop=true", "--timeout", 30)
    assert code != 0 and run.frames == []
    assert run.errors == ["Error: the GStreamer pipeline gave no picture for 5 s: check that it is not covered or in use, "
                          "or give another --camera-source"]
    assert 4.5 < time.monotonic() - started < 15


def test_timeout_ends_the_reading_with_what_to_do(wallet):
    code, _, run = camera(wallet, "card", "scan", "--camera", "--camera-source",
                          "gst:videotestsrc is-live=true pattern=black ! video/x-raw,width=320,height=240", "--timeout", 2)
    assert code != 0 and run.frames
    assert run.errors == ["Error: no barcode read in 2 s: hold one code flat and still, filling a third of the picture, "
                          "or raise --timeout"]


def test_ctrl_c_stops_cleanly_and_stores_nothing(wallet):
    run = clips.Run(WALLET_BIN, wallet.env, ["card", "add", "--store", "Never", "--camera", "--camera-source",
                                             "gst:videotestsrc is-live=true pattern=black ! video/x-raw,width=320,height=240"])
    try:
        deadline = time.monotonic() + 30
        assert clips.EVENT.match(run.line(deadline) or "")
        run.process.send_signal(signal.SIGINT)
        stopped = time.monotonic()
        code, _ = run.finish(10)
        assert time.monotonic() - stopped < 3
    finally:
        run.kill()
    assert code == 1
    assert run.errors == ["Error: stopped before a barcode was read; nothing stored"]
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []


def test_options_need_camera_and_contradictions_are_refused(wallet, tmp_path):
    for args, message in [
        (["card", "scan", "x.png", "--camera"], "FILE and --camera contradict each other"),
        (["card", "scan", "--camera-source", "pipewire", "x.png"], "--camera-source"),
        (["card", "scan", "--timeout", "3", "x.png"], "--timeout"),
        (["card", "scan", "--camera", "--timeout", "0"], "--timeout must be"),
        (["card", "add", "--store", "S", "--camera", "--scan", "x.png"], "--scan and --camera contradict"),
        (["card", "add", "--store", "S", "--camera", "--format", "qr"], "--camera and --format contradict"),
    ]:
        run = wallet.run(*args, check=False)
        assert run.returncode != 0 and message in run.stderr, (args, run.stderr)


def test_memory_stays_flat_while_the_camera_runs(wallet):
    """20 s of 720p frames with nothing to read (the bench runs 5 minutes of 1080p): the resident
    memory after the first 10 s grows by less than 2 MiB."""
    run = clips.Run(WALLET_BIN, wallet.env, ["card", "scan", "--camera", "--timeout", 20, "--camera-source",
                                             "gst:videotestsrc is-live=true pattern=ball ! "
                                             "video/x-raw,width=1280,height=720,framerate=30/1"])
    samples = []
    try:
        started = time.monotonic()
        deadline = started + 60
        while (line := run.line(deadline)) is not None:
            if clips.EVENT.match(line):
                samples.append((time.monotonic() - started, clips.resident_kib(run.process.pid)))
        run.process.wait(timeout=10)
    finally:
        run.kill()
    settled = [kib for at, kib in samples if at >= 10 and kib]
    assert len(settled) > 10
    assert max(settled) - settled[0] < 2048, samples


def test_a_terminal_shows_one_status_line_that_is_erased_at_the_end(wallet, tmp_path, codes):
    directory = clips.write(clips.scenario("perspective", [codes["qr"]]), tmp_path / "terminal")
    code, stdout, shown = run_in_terminal(wallet, "card", "scan", "--camera", "--camera-source",
                                          clips.pipeline(directory), "--timeout", 20, columns=40,
                                          stdout_on_terminal=False, env={"WALLET_CAMERA_EVENTS": ""})
    assert code == 0 and stdout.startswith("1  qr  ")
    assert shown.startswith("\rpoint the camera at the barcode\x1b[K")
    assert "\r\n" not in shown and shown.endswith("\r\x1b[K")
    # Every redraw fits the 40 columns.
    assert all(len(part.split("\x1b[K")[0]) < 40 for part in shown.split("\r") if part)


def test_only_a_camera_command_loads_gstreamer(wallet, tmp_path, codes):
    png = tmp_path / "code.png"
    codes["qr"].save(png)
    loaded = {"LD_DEBUG": "files"}
    file_scan = wallet.run("card", "scan", png, env=loaded)
    assert "libgstreamer-1.0" not in file_scan.stderr
    camera_scan = wallet.run("card", "scan", "--camera", "--camera-source", clips.still(png, 30), env=loaded)
    assert "libgstreamer-1.0.so.0" in camera_scan.stderr and "libgstapp-1.0.so.0" in camera_scan.stderr
    assert f'"{QR_TEXT}"' in camera_scan.stdout
