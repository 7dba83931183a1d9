"""Reading a code from a camera (`card scan --camera`), played from recorded clips through
GStreamer in real time: the time from a code becoming readable (fully in view, still) to the
first correct reading in a 720p 30 fps clip (target 1 s); the cost of reading one frame and the
share of the source's frames dropped (never queued) at 720p and 1080p; and the resident memory
over 5 minutes of 1080p frames, which must not grow past the first 10 s."""
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "EndToEnd"))
import camera_clips as clips  # noqa: E402

TITLE = "Camera (card scan --camera, recorded clips)"
TARGET_SECONDS = 1.0
ARRIVE = 1.0
TEXT = "https://example.com/member/4711"
MEMORY_SECONDS = int(os.environ.get("WALLET_BENCH_CAMERA_SECONDS", "300"))


def camera(ctx, env, source, timeout):
    run = clips.Run(ctx.wallet, env, ["card", "scan", "--camera", "--json", "--camera-source", source,
                                      "--timeout", timeout])
    try:
        code, stdout = run.finish(timeout + 60)
    finally:
        run.kill()
    return code, stdout, run


def first_reading(ctx, env, clip):
    """Seconds from the code's arrival to the reading, or None when the reading was wrong or missing."""
    code, stdout, run = camera(ctx, env, clips.pipeline(clip, 30), 30)
    if code != 0 or [(f["format"], f["text"]) for f in json.loads(stdout)] != [("qr", TEXT)]:
        return None
    taken = run.frames[-1]
    return taken["pts"] + taken["cost"] - ARRIVE


def steady_frames(ctx, env, still, seconds=12):
    """Per-frame cost (median) and dropped share over a run that never takes a reading (two codes)."""
    _, _, run = camera(ctx, env, clips.still(still, 30), seconds)
    frames = [f for f in run.frames if f["elapsed"] >= 1.0]
    delivered = (run.frames[-1]["pts"] - run.frames[0]["pts"]) * 30 + 1
    return statistics.median(f["cost"] for f in frames), 1 - len(run.frames) / delivered, run.frames[-1]["size"]


def memory(ctx, env):
    """RSS samples (seconds, KiB) once a second over MEMORY_SECONDS of 1080p 30 fps frames."""
    source = ("gst:videotestsrc is-live=true pattern=ball ! video/x-raw,width=1920,height=1080,framerate=30/1")
    run = clips.Run(ctx.wallet, env, ["card", "scan", "--camera", "--camera-source", source,
                                      "--timeout", MEMORY_SECONDS])
    samples, started, last = [], time.monotonic(), -1.0
    try:
        deadline = started + MEMORY_SECONDS + 60
        while (line := run.line(deadline)) is not None:
            at = time.monotonic() - started
            if at - last >= 1.0 and (kib := clips.resident_kib(run.process.pid)):
                samples.append((at, kib))
                last = at
        run.process.wait(timeout=30)
    finally:
        run.kill()
    return samples


def run(ctx):
    home = ctx.work / "camera-home"
    shutil.rmtree(home, ignore_errors=True)
    env = {"WALLET_HOME": str(home), "WALLET_NOW": "2026-11-22T09:30:00Z", "PATH": "/usr/bin:/bin"}
    qr = clips.render(ctx.wallet, env, ctx.work, "qr", TEXT, module=6)
    ean = clips.render(ctx.wallet, env, ctx.work, "ean13", "400638133393", module=3)
    clip = clips.write(clips.moving_into_view(qr, (1280, 720), 30, seconds=4.0, arrive=ARRIVE), ctx.work / "camera-720p")
    latencies = [first_reading(ctx, env, clip) for _ in range(5)]
    good = sorted(latency for latency in latencies if latency is not None)
    rows = [(f"720p 30 fps clip, code readable at {ARRIVE:.0f} s: correct readings", f"{len(good)}/{len(latencies)}")]
    if good:
        median = statistics.median(good)
        rows.append(("first correct reading after the code became readable, median / 1 s target",
                     f"{median / TARGET_SECONDS:.2f}x ({median * 1000:.0f} ms; max {good[-1] * 1000:.0f} ms)"))
    for name, size in (("720p", (1280, 720)), ("1080p", (1920, 1080))):
        still = ctx.work / f"camera-two-codes-{name}.png"
        scale = size[1] / 720
        frame = clips.place(clips.background(size), qr, (size[0] * 0.3, size[1] / 2), scale=scale)
        clips.place(frame, ean, (size[0] * 0.72, size[1] / 2), scale=scale).save(still)
        cost, dropped, read_size = steady_frames(ctx, env, still)
        rows.append((f"{name} 30 fps, two codes in view: per-frame cost (median; read at {read_size[0]}x{read_size[1]})",
                     f"{cost * 1000:.0f} ms"))
        rows.append((f"{name} 30 fps: share of the source's frames dropped (newest frame read)", f"{dropped * 100:.0f} %"))
    samples = memory(ctx, env)
    settled = [kib for at, kib in samples if at >= 10]
    if settled:
        growth = max(settled) - settled[0]
        rows.append((f"RSS over {MEMORY_SECONDS} s of 1080p 30 fps frames: at 10 s / max after / growth",
                     f"{settled[0] / 1024:.1f} / {max(settled) / 1024:.1f} MiB / {growth / 1024:.1f} MiB"))
    return rows
