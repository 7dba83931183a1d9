/// Why a file could not be scanned. Each ``description`` is one line naming the file and the fix.
public enum ScanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read (errno text).
    case unreadable(path: String, reason: String)
    /// Not a regular file (a directory, a device, a pipe).
    case notRegularFile(path: String)
    case empty(path: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// Neither PNG, JPEG nor PDF; `detected` names what it is when the image loader knows.
    case unsupportedType(path: String, detected: String?)
    case tooManyPixels(path: String, width: Int, height: Int, limit: Int)
    /// The image loader or the PDF reader refused the content.
    case corrupt(path: String, kind: String, reason: String)
    /// A password-protected PDF: poppler cannot open it without the password.
    case encryptedPDF(path: String)
    case tooManyPages(path: String, pages: Int, limit: Int)
    /// The scan went past its time budget (`page` is where it stopped, nil for an image).
    case timedOut(path: String, page: Int?)
    /// The barcode reader's process died on this image (signal kept).
    case decoderCrashed(path: String, signal: Int32, page: Int?)
    /// The barcode reader failed (its status code kept).
    case decoderFailed(path: String, status: Int32)
    /// poppler-glib, loaded when a PDF is scanned, is not installed.
    case pdfReaderMissing(path: String, reason: String)
    /// gdk-pixbuf, loaded when an image is scanned, is not installed.
    case imageReaderMissing(path: String, reason: String)
    /// libWalletScan.so (zxing-cpp and zbar), loaded when a scan decodes, is not built or
    /// installed, or a library it needs is missing (the loader's message says which).
    case barcodeReaderMissing(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .notRegularFile(let path):
            "cannot scan \(path): not a regular file (give a PNG, JPEG or PDF file)"
        case .empty(let path):
            "cannot scan \(path): the file is empty (give a PNG, JPEG or PDF file)"
        case .tooLarge(let path, let bytes, let limit):
            "cannot scan \(path): \(bytes) bytes is over the \(limit / (1 << 20)) MiB limit (crop or compress the image)"
        case .unsupportedType(let path, let detected):
            "cannot scan \(path): \(detected.map { "it is a \($0) file, " } ?? "")not a PNG, JPEG or PDF (convert it to PNG first)"
        case .tooManyPixels(let path, let width, let height, let limit):
            "cannot scan \(path): \(width)x\(height) is over the \(limit / 1_000_000)-megapixel limit (scale the image down)"
        case .corrupt(let path, let kind, let reason):
            "cannot scan \(path): damaged \(kind) (\(reason))"
        case .encryptedPDF(let path):
            "cannot scan \(path): the PDF is encrypted (password-protected): save a copy without the password "
                + "(e.g. print it to PDF) and scan that"
        case .tooManyPages(let path, let pages, let limit):
            "cannot scan \(path): \(pages) pages is over the \(limit)-page limit (extract the page with the barcode)"
        case .timedOut(let path, let page):
            "cannot scan \(path): gave up after the time limit\(page.map { " at page \($0)" } ?? "") (crop the image to the barcode or extract its page)"
        case .decoderCrashed(let path, let signal, let page):
            "cannot scan \(path)\(page.map { " (page \($0))" } ?? ""): the barcode reader crashed on it (signal \(signal)); crop the image to the barcode and try again"
        case .pdfReaderMissing(let path, let reason):
            "cannot scan \(path): the PDF reader is missing (\(reason)); install libpoppler-glib8"
        case .imageReaderMissing(let path, let reason):
            "cannot scan \(path): the image reader is missing (\(reason)); install libgdk-pixbuf-2.0-0"
        case .barcodeReaderMissing(let path, let reason):
            "cannot scan \(path): the barcode reader is missing (\(reason)); reinstall with `make install`, "
                + "or build it with `make libraries`"
        case .decoderFailed(let path, let status):
            "cannot scan \(path): the barcode reader failed (zxing status \(status))"
        }
    }
}
