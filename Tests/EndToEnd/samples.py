"""Sample cards the end-to-end checks and the margin benchmark share."""

# One card per format: (format, code as typed, the normalized payload the symbol carries).
FORMATS = [
    ("qr", "https://example.com/c/42", "https://example.com/c/42"),
    ("aztec", "AZTEC-12345", "AZTEC-12345"),
    ("pdf417", "PDF417 0042", "PDF417 0042"),
    ("data-matrix", "DM-998877", "DM-998877"),
    ("code128", "C128-5501", "C128-5501"),
    ("code39", "C39-77", "C39-77"),
    ("code93", "CODE93X", "CODE93X"),
    ("codabar", "A123456B", "A123456B"),
    ("ean13", "400638133393", "4006381333931"),
    ("ean8", "9638507", "96385074"),
    ("upc-a", "04210000526", "042100005264"),
    ("upc-e", "0123456", "01234565"),
    ("itf", "12345678", "12345678"),
]
