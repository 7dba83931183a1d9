"""Recorded camera clips for `--camera-source gst:...`, made from the wallet's own renders.

A clip is a directory of JPEG frames (`frame-00000.jpg`, ...) composed with Pillow from the
wallet's barcode PNGs: a code moving into view, rotating, seen in perspective, blurred by motion,
noisy, dim or overexposed, two codes at once, a code that leaves mid-read, a phone screen showing
a QR. ``pipeline`` plays one through GStreamer at its frame rate, in real time (appsink syncs to
the clock), as a camera would deliver it. ``events`` runs the CLI with `WALLET_CAMERA_EVENTS=1`
and reads its per-frame lines with a deadline.
"""
import math
import os
import random
import re
import select
import subprocess
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance

from photo_set import _solve as solve_perspective

GREY = (128, 124, 118)


def render(wallet_bin, env, directory, fmt, code, module=4):
    """The wallet's own PNG of `code` (RGB, with its quiet zone)."""
    path = Path(directory) / f"code-{fmt}-{abs(hash(code)) % 10**8}.png"
    subprocess.run([wallet_bin, "barcode", "--format", fmt, "--module-size", str(module), "--output", str(path), code],
                   env=env, check=True, capture_output=True, timeout=60)
    with Image.open(path) as image:
        return image.convert("RGB")


def background(size, seed=1):
    """A textured table top: an uneven grey with noise, so frames are not flat."""
    rng = random.Random(seed)
    base = Image.linear_gradient("L").resize(size).point(lambda v: 100 + v // 4)
    noise = Image.effect_noise(size, 12 + rng.random())
    return Image.merge("RGB", [Image.blend(base, noise, 0.2)] * 3)


def place(canvas, code, center, angle=0.0, scale=1.0):
    """`code` pasted onto `canvas` with its centre at `center`, turned by `angle` degrees."""
    image = code.resize((max(1, int(code.width * scale)), max(1, int(code.height * scale))), Image.BILINEAR)
    mask = Image.new("L", image.size, 255)
    if angle:
        image = image.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=(0, 0, 0))
        mask = mask.rotate(angle, resample=Image.BILINEAR, expand=True)
    canvas.paste(image, (int(center[0] - image.width / 2), int(center[1] - image.height / 2)), mask)
    return canvas


def perspective(frame, strength):
    """The frame seen from the side: its right edge `strength` (0-1) shorter than its left."""
    w, h = frame.size
    inset = strength * h / 2
    # Coefficients mapping output to input pixels for a trapezoid (PIL's PERSPECTIVE transform).
    source = [(0, 0), (w, 0), (w, h), (0, h)]
    target = [(0, 0), (w, inset), (w, h - inset), (0, h)]
    matrix = []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    rhs = [c for point in source for c in point]
    coefficients = solve_perspective(matrix, rhs)
    return frame.transform(frame.size, Image.PERSPECTIVE, coefficients, Image.BILINEAR, fillcolor=GREY)


def motion_blur(frame, length):
    """A horizontal motion blur over `length` pixels (the average of shifted copies)."""
    if length <= 1:
        return frame
    acc = frame
    for step in range(1, length):
        shifted = frame.transform(frame.size, Image.AFFINE, (1, 0, step - length / 2, 0, 1, 0), fillcolor=GREY)
        acc = Image.blend(acc, shifted, 1 / (step + 1))
    return acc


def noisy(frame, amount, seed):
    noise = Image.effect_noise(frame.size, 40 + seed % 7).convert("RGB")
    return Image.blend(frame, noise, amount)


def exposure(frame, factor):
    return ImageEnhance.Brightness(frame).enhance(factor)


def phone(code, size=(360, 720)):
    """A phone in a hand's tilt: black body, a bright screen with `code` centred, a glare band."""
    body = Image.new("RGB", size, (20, 20, 24))
    screen = Image.new("RGB", (size[0] - 30, size[1] - 90), (246, 248, 252))
    draw = ImageDraw.Draw(screen)
    draw.rectangle((0, 0, screen.width, 60), fill=(40, 90, 200))
    fit = min((screen.width - 30) / code.width, 1.0)
    place(screen, code, (screen.width / 2, screen.height / 2), scale=fit)
    glare = Image.linear_gradient("L").rotate(35, expand=False).resize(screen.size).point(lambda v: v // 5)
    screen = Image.composite(Image.new("RGB", screen.size, (255, 255, 255)), screen, glare)
    body.paste(screen, (15, 45))
    return body


def write(frames, directory):
    """Saves frames as frame-00000.jpg, ... (JPEG at quality 92, as a webcam's MJPEG); a frame that
    is the same image object as the one before is a hard link to its file. Returns the directory."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    previous, previous_path = None, None
    for index, frame in enumerate(frames):
        path = directory / f"frame-{index:05d}.jpg"
        if frame is previous:
            os.link(previous_path, path)
        else:
            frame.save(path, quality=92)
        previous, previous_path = frame, path
    return directory


def pipeline(directory, fps=30):
    """The `--camera-source` that plays a clip directory in real time."""
    return (f"gst:multifilesrc location={directory}/frame-%05d.jpg index=0 "
            f"caps=image/jpeg,framerate={fps}/1 ! jpegdec")


def still(png, fps, seconds=None):
    """The `--camera-source` that repeats one picture at `fps` (a 1080p 60 fps camera pointed at it)."""
    count = f" num-buffers={int(fps * seconds)}" if seconds else ""
    return (f"gst:filesrc location={png} ! pngdec ! imagefreeze{count} ! "
            f"video/x-raw,framerate={fps}/1")


EVENT = re.compile(r"camera frame (\d+) pts (\S+) elapsed (\S+) cost (\S+) size (\d+)x(\d+) fps (\S+) found (\d+) state (.*)")


class Run:
    """A `wallet card ... --camera` run read line by line from stderr, each read with a deadline."""

    def __init__(self, wallet_bin, env, args):
        self.process = subprocess.Popen([wallet_bin, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=dict(env, WALLET_CAMERA_EVENTS="1"), text=True)
        self.frames = []
        self.errors = []

    def line(self, deadline):
        """The next stderr line, or None at end of output; fails the test past `deadline` (monotonic)."""
        left = deadline - time.monotonic()
        assert left > 0, "no camera event line in time"
        ready, _, _ = select.select([self.process.stderr], [], [], left)
        assert ready, "no camera event line in time"
        line = self.process.stderr.readline()
        return line or None

    def finish(self, seconds):
        """Reads every line until the process ends (within `seconds`); returns (code, stdout)."""
        deadline = time.monotonic() + seconds
        while (line := self.line(deadline)) is not None:
            if match := EVENT.match(line):
                self.frames.append(event(match))
            else:
                self.errors.append(line.rstrip("\n"))
        code = self.process.wait(timeout=max(1, deadline - time.monotonic()))
        return code, self.process.stdout.read()

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def event(match):
    number, pts, elapsed, cost, width, height, fps, found, state = match.groups()
    return {"number": int(number), "pts": None if pts == "-" else float(pts), "elapsed": float(elapsed),
            "cost": float(cost), "size": (int(width), int(height)), "fps": None if fps == "-" else float(fps),
            "found": int(found), "state": state}


def resident_kib(pid):
    """VmRSS of a running process, in KiB (None once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def moving_into_view(code, size, fps, seconds=3.0, arrive=1.0, seed=1):
    """`code` slides in from beyond the left edge: wholly out of view at 0 s, wholly in view (its
    quiet zone too) at `arrive` seconds, then on to the middle by half a second later, where it
    stays. Before `arrive` part of the symbol is cut off, so no reading can come earlier."""
    frames, table = [], background(size, seed)
    y, inside, middle = size[1] / 2, code.width / 2, size[0] / 2
    arrived = place(table.copy(), code, (middle, y))
    for index in range(int(seconds * fps)):
        t = index / fps
        if t < arrive:
            x = -code.width / 2 + (inside + code.width / 2) * t / arrive
        elif t < arrive + 0.5:
            x = inside + (middle - inside) * (t - arrive) / 0.5
        else:
            frames.append(arrived)
            continue
        frames.append(place(table.copy(), code, (x, y)))
    return frames


def scenario(kind, codes, size=(640, 480), fps=30):
    """The frames of one named clip (`codes` are rendered PNGs: the first is the one to read).
    Costly compositions (perspective, blur, the phone) are made once and reused across frames."""
    code = codes[0]
    table = background(size)
    middle = (size[0] / 2, size[1] / 2)
    count = int((4.5 if kind == "leaves-mid-read" else 3) * fps)
    cache = {}

    def once(key, make):
        if key not in cache:
            cache[key] = make()
        return cache[key]

    noises = [Image.effect_noise(size, 40 + seed).convert("RGB") for seed in range(3)] if kind == "noise-dim-bright" else []
    frames = []
    for index in range(count):
        t = index / fps
        if kind == "rotating":
            frame = place(table.copy(), code, middle, angle=25 * t + 10)
        elif kind == "perspective":
            frame = once(0, lambda: perspective(place(table.copy(), code, middle), 0.3))
        elif kind == "motion-blur":
            # A hand swinging in: heavy blur for the first second, then steady.
            length = 1 if t >= 1 else (24, 16, 8)[min(2, int(t * 3))]
            frame = once(length, lambda: motion_blur(place(table.copy(), code, middle), length))
        elif kind == "noise-dim-bright":
            # Dim for the first second, overexposed for the next, then ordinary light; noise throughout.
            factor = 0.3 if t < 1 else 1.7 if t < 2 else 1.0
            lit = once(factor, lambda: exposure(place(table.copy(), code, middle), factor))
            frame = Image.blend(lit, noises[index % 3], 0.12)
        elif kind == "two-codes":
            frame = once(0, lambda: place(place(table.copy(), code, (size[0] * 0.3, middle[1])), codes[1],
                                          (size[0] * 0.72, middle[1])))
        elif kind == "leaves-mid-read":
            # The first code shows for two frames and goes; the second comes after half a second.
            if index < 2:
                frame = once("first", lambda: place(table.copy(), code, middle))
            elif t > 0.5:
                frame = once("second", lambda: place(table.copy(), codes[1], middle))
            else:
                frame = table
        elif kind == "phone-screen":
            # A hand holding a phone: the screen tilted and in perspective, shaking by a few pixels.
            held = once(0, lambda: perspective(place(table.copy(), phone(code), middle, angle=6), 0.12))
            frame = held.transform(size, Image.AFFINE, (1, 0, 3 * math.sin(7 * t), 0, 1, 2 * math.cos(5 * t)),
                                   fillcolor=GREY)
        elif kind == "blank":
            frame = table
        else:
            raise ValueError(kind)
        frames.append(frame)
    return frames
