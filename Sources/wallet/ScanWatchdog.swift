import Foundation
import Scanning

/// Holds a whole scan to its time limit, whatever stage it is in. The barcode reader already runs
/// in a child process it kills at the deadline, but gdk-pixbuf and poppler decode in this one (a
/// progressive JPEG of thousands of scans, a PDF page drawing forms within forms ran for
/// minutes) and cannot be interrupted: when the scan is still running ``grace`` after the
/// limit, a watchdog thread prints the one-line time-out error and ends the process. Nothing is
/// written before a scan ends (`card add --scan` stores the card after it), so nothing is lost.
enum ScanWatchdog {
    /// Past the scan's own limit, so that the scanner reports a time-out itself (with the page)
    /// wherever it can.
    static let grace = 2.0

    /// ``BarcodeScanner/scan(fileAt:)`` under the watchdog, with the standard limits, or a
    /// shorter time limit from `WALLET_SCAN_SECONDS` (tests reach the deadline in a second).
    static func scan(fileAt path: String) throws -> [ScannedBarcode] {
        var limits = ScanLimits.standard
        if let text = ProcessInfo.processInfo.environment["WALLET_SCAN_SECONDS"], let seconds = Double(text),
            seconds > 0, seconds < limits.seconds
        {
            limits.seconds = seconds
        }
        return try scan(fileAt: path, scanner: BarcodeScanner(limits: limits))
    }

    private static func scan(fileAt path: String, scanner: BarcodeScanner) throws -> [ScannedBarcode] {
        let finished = DispatchSemaphore(value: 0)
        let limit = scanner.limits.seconds + grace
        let watchdog = Thread {
            guard finished.wait(timeout: .now() + limit) == .timedOut else { return }
            let line = "Error: " + ErrorLine.text(ScanError.timedOut(path: path, page: nil).description) + "\n"
            FileHandle.standardError.write(Data(line.utf8))
            _exit(EXIT_FAILURE)
        }
        watchdog.start()
        defer { finished.signal() }
        return try scanner.scan(fileAt: path)
    }
}
