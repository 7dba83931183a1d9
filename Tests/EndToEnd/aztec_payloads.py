"""Varied Aztec payloads: every character mode in runs and mixtures, binary shifts of every
length class, the punctuation pairs, and payloads at each layer's capacity. Shared by
test_aztec.py and by the comparison with libzint's symbol sizes (bench/aztec_sizes.py)."""
import random
import string

# Data bits the symbol sizes take (libzint's 23% tables: compact 1-4, then full 1-32).
COMPACT_BITS = [66, 168, 288, 440]
FULL_BITS = [84, 204, 352, 520, 720, 944, 1184, 1456, 1750, 2070, 2410, 2780, 3180, 3590, 4040,
             4500, 5000, 5520, 6060, 6630, 7210, 7830, 8472, 9132, 9816, 10536, 11280, 12036,
             12828, 13644, 14472, 15348]

MIXED = "@\\^_`|~\t\x1b\x7f"
PUNCT = "!\"#$%&'()*+,-./:;<=>?[]{}"
ALL_ASCII = string.ascii_letters + string.digits + " " + PUNCT + MIXED + "\r"


def _runs(rng, alphabets, pieces):
    """`pieces` runs of 1 to 12 characters, each from one randomly chosen alphabet."""
    return "".join("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
                   for alphabet in (rng.choice(alphabets) for _ in range(pieces)))


def batch_payloads(seed=24778):
    """UTF-8 batch lines (no LF, no trailing CR): ASCII mixtures, runs, pairs, non-ASCII text
    (UTF-8 behind ECI 26) and layer-capacity edges."""
    rng = random.Random(seed)
    payloads = ["MEMBER-12345678 Gold Tier", "A", "a", "0", ".", "@", "é", "x" * 3068]
    payloads += ["".join(rng.choice(ALL_ASCII) for _ in range(rng.randint(1, 60))).rstrip("\r") or "z"
                 for _ in range(60)]
    payloads += ["".join(rng.choice(string.digits) for _ in range(n)) for n in (1, 2, 5, 13, 40, 200)]
    payloads += ["".join(rng.choice(string.digits + ".,") for _ in range(n)) + ", 12. 3" for n in (3, 20)]
    payloads += ["".join(rng.choice(string.ascii_letters) for _ in range(rng.randint(2, 80))) for _ in range(20)]
    alphabets = [string.ascii_uppercase, string.ascii_lowercase, string.digits, MIXED, PUNCT, " ", ". ", ", ",
                 ": ", "äöüßé", "€漢字🙂"]
    payloads += [_runs(rng, alphabets, rng.randint(2, 12)) for _ in range(110)]
    for mode in (string.ascii_uppercase, string.ascii_lowercase, string.digits, MIXED, PUNCT):
        payloads += ["".join(rng.choice(mode) for _ in range(n)) for n in (7, 31, 64, 150)]
    payloads += ["Zoë " * n for n in (1, 8, 40)]
    payloads += ["é" * n for n in (15, 16, 31, 32, 40, 600)]
    payloads += ["Grüße aus Köln 1. Mai, 10:30: 漢字 🙂", "Ünïcödé", "a: b. c, d", "x. , : .:,"]
    payloads += capacity_edges()
    return payloads


def capacity_edges(rng=None):
    """At the edges of every size: uppercase letters cost 5 bits each (no latch from Upper), so
    (capacity - 1) // 5 letters fill a size and one more needs the next. Up to 3,000 letters."""
    rng = rng or random.Random(2478)
    payloads = []
    for capacity in COMPACT_BITS + FULL_BITS:
        count = (capacity - 1) // 5
        payloads += ["".join(rng.choice(string.ascii_uppercase) for _ in range(n))
                     for n in (count, count + 1) if n <= 3000]
    return payloads


def latin1_payloads(seed=88591):
    """Lines for `--encoding ISO-8859-1`: Latin-1 text, ECI 3."""
    rng = random.Random(seed)
    letters = "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿÀÉÖß¡¿«»°±²³µ¶·¼½¾×÷"
    payloads = ["Café Müller ½ Nº 42", "ÿ", "Ærø"]
    payloads += ["".join(rng.choice(letters + string.ascii_letters + " .,") for _ in range(rng.randint(1, 90)))
                 for _ in range(30)]
    return payloads


# Payloads only an argument can carry (a batch line ends at LF): CR LF pairs and LF runs.
ARGUMENT_PAYLOADS = ["line one\r\nline two\r\n3", "\r\n" * 20, "a\nb\n\nc", "Total:\r\n 12.50\r\n"]
