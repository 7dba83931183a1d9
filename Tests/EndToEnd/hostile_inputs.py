"""Hostile inputs built from the formats' specifications, shared by the trust tests
(test_bounded_input.py) and the hostile-input bench (bench/sections/55_hostile.py)."""
import hashlib
import io
import json
import zipfile


def nested_forms_pdf(path, depth=40):
    """One page drawing form 0, which draws form 1 twice, ...: 2**depth rectangles."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"}
    content = b"q /F0 Do Q"
    objects[3] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /F0 5 0 R >> >> /Contents 4 0 R >>"
    objects[4] = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)
    for level in range(depth):
        number = 5 + level
        if level + 1 < depth:
            body = b"/F%d Do /F%d Do" % (level + 1, level + 1)
            resources = b"/Resources << /XObject << /F%d %d 0 R >> >>" % (level + 1, number + 1)
        else:
            body, resources = b"0 0 1 1 re f", b""
        objects[number] = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] %s /Length %d >>\nstream\n%s\nendstream"
                           % (resources, len(body), body))
    data = b"%PDF-1.4\n"
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(data)
        data += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offsets[number] for number in sorted(objects))
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(data)
    return path


def pkpass_bytes(pass_json):
    """A pass zip holding `pass.json` and the manifest of its SHA-1 (a pass without one is refused)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pass.json", pass_json)
        archive.writestr("manifest.json", json.dumps({"pass.json": hashlib.sha1(pass_json.encode()).hexdigest()}))
    return buffer.getvalue()
