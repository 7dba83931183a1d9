"""A misbehaving issuer (issue 20's failure paths): every way a PassKit server can fail gives
that card a clear status, changes nothing on it, and never crashes or hangs the wallet; the
token never follows a redirect to another origin; libcurl is loaded only by a pull."""
import http.server
import json
import subprocess
import threading
import time
import zipfile
from contextlib import contextmanager

import pytest

from conftest import WALLET_BIN
from test_interop import PassSigner, pass_manifest, pkpass

TOKEN = "secret-token-0123456789"
TYPE = "pass.example.failing"


def pass_json(serial, url, balance=1):
    return {
        "formatVersion": 1, "organizationName": f"Shop {serial}", "serialNumber": serial, "passTypeIdentifier": TYPE,
        "webServiceURL": url, "authenticationToken": TOKEN,
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": serial, "messageEncoding": "iso-8859-1"}],
        "storeCard": {"primaryFields": [{"key": "balance", "label": "Balance", "value": balance, "currencyCode": "EUR"}]},
    }


class Recorder(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host, behave):
        super().__init__((host, 0), Handler)
        self.behave = behave
        self.seen = []
        self.url = f"http://{host}:{self.server_port}/"


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if not any(name == "Content-Length" for name, _ in headers):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        self.server.seen.append((self.command, self.path, self.headers.get("Authorization")))
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.server.behave(self)

    do_GET = do_POST = do_DELETE = handle_any


@contextmanager
def serving(host, behave):
    server = Recorder(host, behave)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def test_every_failure_is_a_per_card_status_and_changes_nothing(wallet, tmp_path):
    passes = {}

    def elsewhere(handler):
        handler.reply(401)

    with serving("127.0.0.2", elsewhere) as other:
        def behave(handler):
            path = handler.path
            if handler.command == "POST":
                return handler.reply(200 if path == "/v1/log" else 201)
            if "/registrations/" in path:  # no list of changed passes: the wallet asks for each pass
                return handler.reply(404)
            serial = path.rsplit("/", 1)[-1]
            kind = serial.split("-")[0]
            if kind == "ok":
                return handler.reply(200, passes[serial], [("Last-Modified", "Sun, 22 Nov 2026 09:00:00 GMT")])
            if kind == "server":
                return handler.reply(503)
            if kind == "garbage":
                return handler.reply(200, b"<html>not a pass</html>")
            if kind == "other":
                return handler.reply(200, passes["ok-1"])
            if kind == "digest":
                return handler.reply(200, passes[serial])
            if kind == "huge":
                handler.send_response(200)
                handler.send_header("Content-Length", str(10 * 1024 ** 3))
                handler.end_headers()
                return handler.wfile.write(b"PK" * 1024)
            if kind == "loop":
                return handler.reply(302, headers=[("Location", path)])
            if kind == "away":
                return handler.reply(302, headers=[("Location", other.url + "v1/passes/x/y")])
            if kind == "file":
                return handler.reply(302, headers=[("Location", "file:///etc/passwd")])
            if kind == "slow":
                time.sleep(4)
                return handler.reply(503)
            handler.reply(500)

        with serving("127.0.0.1", behave) as issuer:
            signer = PassSigner(tmp_path / "signer", TYPE, "TEAM123456")
            kinds = ["ok", "server", "garbage", "other", "digest", "huge", "loop", "away", "file", "slow"]
            for kind in kinds:
                serial = f"{kind}-1"
                path = signer.sign(pkpass(tmp_path / f"{serial}.pkpass", pass_json(serial, issuer.url)))
                wallet.run("card", "import", path)
                passes[serial] = signer.sign(
                    pkpass(tmp_path / f"new-{serial}.pkpass", pass_json(serial, issuer.url, balance=2))).read_bytes()
            # A pass whose pass.json no longer matches its manifest.
            tampered = tmp_path / "tampered.pkpass"
            with zipfile.ZipFile(tampered, "w") as archive:
                archive.writestr("pass.json", json.dumps(pass_json("digest-1", issuer.url, balance=3)))
                archive.writestr("manifest.json", pass_manifest({"pass.json": json.dumps(pass_json("digest-1", issuer.url))}))
            passes["digest-1"] = tampered.read_bytes()
            for serial, url in (("down-1", "http://127.0.0.1:9/"), ("plain-1", "http://passes.example.com/"),
                                ("local-1", "file:///tmp/")):
                wallet.run("card", "import", pkpass(tmp_path / f"{serial}.pkpass", pass_json(serial, url)))
            before = {card["store"]: card for card in json.loads(wallet.run("card", "list", "--json").stdout)}

            started = time.monotonic()
            run = wallet.run("card", "update", "--all", "--json", "--timeout", "2", check=False)
            assert time.monotonic() - started < 60
            assert run.returncode == 1 and run.stderr.startswith("Error: 12 of 13 cards could not be updated")
            outcomes = {outcome["store"]: outcome for outcome in json.loads(run.stdout)}
            reasons = {store.removeprefix("Shop ").split("-")[0]: outcome["reason"] for store, outcome in outcomes.items()}
            assert outcomes["Shop ok-1"]["status"] == "changed"
            assert "HTTP 503" in reasons["server"]
            assert "not a valid pass" in reasons["garbage"]
            assert "not this card's" in reasons["other"]
            assert "pass.json does not match its SHA-1 digest in manifest.json" in reasons["digest"]
            assert "larger than 64 MiB" in reasons["huge"]
            assert "redirected more than 3 times" in reasons["loop"]
            assert "HTTP 401" in reasons["away"]
            assert "redirected to file:///etc/passwd" in reasons["file"]
            assert "did not answer within 2 s" in reasons["slow"]
            assert "cannot be reached" in reasons["down"]
            assert "plain http is only allowed to this machine" in reasons["plain"]
            assert "file:// is not a web service" in reasons["local"]

            after = {card["store"]: card for card in json.loads(wallet.run("card", "list", "--json").stdout)}
            for store in before:
                if store != "Shop ok-1":
                    assert after[store] == before[store], store
            assert after["Shop ok-1"]["balance"] == "2"
            # What the wallet refused is reported to the issuer's /log (client errors).
            logged = [path for method, path, _ in issuer.seen if method == "POST" and path == "/v1/log"]
            assert len(logged) >= 3  # garbage, another serial, digest mismatch
    # The token went to the issuer's own origin only.
    assert other.seen and all(authorization is None for _, _, authorization in other.seen)
    assert all(authorization == f"ApplePass {TOKEN}" for method, path, authorization in issuer.seen
               if method == "GET" and path.startswith("/v1/passes/"))


def loaded_libraries(wallet, *args):
    run = subprocess.run([WALLET_BIN, *args], capture_output=True, text=True, timeout=120,
                         env=dict(wallet.env, LD_DEBUG="files"))
    return run.stderr


def test_libcurl_is_loaded_only_by_a_pull(wallet, tmp_path):
    linked = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, check=True).stdout
    assert "libcurl" not in linked
    wallet.run("card", "import", pkpass(tmp_path / "p.pkpass", pass_json("down-2", "http://127.0.0.1:9/")))
    assert "libcurl" not in loaded_libraries(wallet, "card", "list", "--json")
    assert "libcurl" in loaded_libraries(wallet, "card", "update", "--all")
