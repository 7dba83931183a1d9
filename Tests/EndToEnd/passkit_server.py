"""A real PassKit web service for the tests: django-walletpass (PyPI) on Django, on 127.0.0.1.

As a script (`python passkit_server.py DIR`) it serves django-walletpass's own views (register,
changed serials, latest pass with If-Modified-Since, unregister, log) from DIR/db.sqlite3 and
DIR/media, and prints {"port": N} once it listens. Imported, `PassKitServer` starts that process,
and `configure(DIR, url)` sets up Django in the test process on the same database, so the tests
build, sign (a throwaway certificate made with openssl) and change passes with django-walletpass's
own PassBuilder, the way an issuer would.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

PASS_TYPE = "pass.example.coffee"
TEAM = "TEAM123456"


def settings_for(directory, service_url):
    directory = Path(directory)
    return dict(
        DEBUG=False, SECRET_KEY="throwaway-test-key", ALLOWED_HOSTS=["127.0.0.1", "localhost"],
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "django_walletpass"],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(directory / "db.sqlite3"),
                               "OPTIONS": {"timeout": 20}}},
        ROOT_URLCONF="passkit_urls", MIDDLEWARE=[], USE_TZ=True, MEDIA_ROOT=str(directory / "media"),
        STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                  "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}},
        REST_FRAMEWORK={"UNAUTHENTICATED_USER": None},
        WALLETPASS={"CERT_PATH": str(directory / "cert.pem"), "KEY_PATH": str(directory / "key.pem"),
                    "PASS_TYPE_ID": PASS_TYPE, "TEAM_ID": TEAM, "SERVICE_URL": service_url,
                    "WALLETPASS_PUSH_CLASS": "passkit_urls.NoPush"},
        LOGGING_CONFIG=None,
    )


def throwaway_certificate(directory):
    """A self-signed pass certificate and key, made with openssl for this run only."""
    directory = Path(directory)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(directory / "key.pem"), "-out", str(directory / "cert.pem"),
         "-subj", f"/CN=Pass Type ID: {PASS_TYPE}/OU={TEAM}"],
        check=True, capture_output=True)


def configure(directory, service_url):
    """Django in this process, on the server's database (migrated)."""
    sys.path.insert(0, str(Path(__file__).parent))
    import django
    from django.conf import settings
    settings.configure(**settings_for(directory, service_url))
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0, interactive=False)


class PassKitServer:
    """The server process on 127.0.0.1 (port chosen by the system), stopped by `stop()`."""

    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        throwaway_certificate(self.directory)
        self.process = subprocess.Popen(
            [sys.executable, __file__, str(self.directory)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self._first_line(deadline=time.monotonic() + 60)
        self.port = json.loads(line)["port"]
        self.url = f"http://127.0.0.1:{self.port}/"

    def _first_line(self, deadline):
        import selectors
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if selector.select(timeout=max(0.0, deadline - time.monotonic())):
                line = self.process.stdout.readline()
                if line:
                    return line
                break
        self.process.kill()
        raise RuntimeError(f"the PassKit server did not start: {self.process.stderr.read()}")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# While this file exists in the server's directory, the list of changed serials answers 503, so
# the wallet falls back to asking for each pass with If-Modified-Since.
LIST_OFF = "list-off"


def without_list_while_switched_off(application, switch):
    """The WSGI application, except that `GET /v1/devices/.../registrations/TYPE` (the changed
    serials) answers 503 Service Unavailable while `switch` exists."""

    def wrapped(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if switch.exists() and environ["REQUEST_METHOD"] == "GET" and "/registrations/" in path:
            start_response("503 Service Unavailable", [("Content-Length", "0")])
            return [b""]
        return application(environ, start_response)

    return wrapped


def serve(directory):
    from wsgiref.simple_server import WSGIRequestHandler, make_server
    configure(directory, "unused")
    from django.core.wsgi import get_wsgi_application

    class QuietHandler(WSGIRequestHandler):
        """Logs each request to DIR/requests.log, a line each: method and path (a space between),
        then, tab-separated, the Authorization, the status answered and the If-Modified-Since the
        wallet sent (`-` when none)."""

        def log_request(self, code="-", size="-"):
            with open(Path(directory) / "requests.log", "a") as log:
                log.write(f"{self.command} {self.path}\t{self.headers.get('Authorization', '-')}\t{int(code)}\t"
                          f"{self.headers.get('If-Modified-Since', '-')}\n")

        def log_message(self, *args):
            pass

    application = without_list_while_switched_off(get_wsgi_application(), Path(directory) / LIST_OFF)
    server = make_server("127.0.0.1", 0, application, handler_class=QuietHandler)
    print(json.dumps({"port": server.server_port}), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    serve(sys.argv[1])
