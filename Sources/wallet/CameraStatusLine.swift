import Camera
import Dispatch
import Foundation
import Scanning

/// The camera's progress while it reads: on a terminal, one line on stderr redrawn in place
/// ("point the camera at the barcode", then what is in view) and erased at the end. With
/// `WALLET_CAMERA_EVENTS=1`, one plain line per frame read instead (its number, stream time, wall
/// time since the first frame, cost and what it held), which tests and `make bench` time readings
/// with. Ctrl-C stops the reading: the pipeline is set to NULL before the command exits.
enum CameraStatusLine {
    static func showing(_ scanner: CameraScanner) throws -> CameraReading {
        let environment = ProcessInfo.processInfo.environment
        let events = environment["WALLET_CAMERA_EVENTS"] == "1"
        let terminal = !events && isatty(STDERR_FILENO) == 1
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        interrupt.setEventHandler { scanner.stop() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        if terminal { draw("point the camera at the barcode") }
        defer { if terminal { write("\r\u{1B}[K") } }
        var lastDrawn = ContinuousClock.now
        return try scanner.run { report in
            if events { write(eventLine(report) + "\n") }
            guard terminal, ContinuousClock.now - lastDrawn >= .milliseconds(100) else { return }
            lastDrawn = .now
            draw(status(report.state))
        }
    }

    /// The status for a state, in words.
    static func status(_ state: StabilizerState) -> String {
        switch state {
        case .searching: "point the camera at the barcode"
        case .seen(let barcode, let frames, let needed):
            "seen \(barcode.format.name) \(ScanText.quoted(barcode.text, limit: 32)) (\(frames)/\(needed)): hold still"
        case .ambiguous(let barcodes):
            "\(barcodes.count > 1 ? "several codes" : "an unclear code") in view (\(ScanChoice.summary(of: barcodes))): show only one"
        case .taken(let barcode): "read \(barcode.format.name) \(ScanText.quoted(barcode.text, limit: 32))"
        }
    }

    /// `frame 12 pts 0.400 elapsed 0.433 cost 0.081 size 1280x720 fps 30 found 1 state seen qr "text"`.
    static func eventLine(_ report: CameraFrameReport) -> String {
        let state: String =
            switch report.state {
            case .searching: "searching"
            case .seen(let barcode, _, _): "seen \(barcode.format.name) \(ScanText.quoted(barcode.text))"
            case .ambiguous(let barcodes): "ambiguous \(barcodes.count)"
            case .taken(let barcode): "taken \(barcode.format.name) \(ScanText.quoted(barcode.text))"
            }
        return "camera frame \(report.number) pts \(report.streamTime.map(seconds) ?? "-") elapsed \(seconds(report.elapsed)) "
            + "cost \(seconds(report.cost)) size \(report.width)x\(report.height) "
            + "fps \(report.framesPerSecond.map { String(format: "%.3f", $0) } ?? "-") found \(report.found.count) state \(state)"
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// Redraws the line, cut to the terminal's width so that it stays one line.
    private static func draw(_ text: String) {
        let shown = DisplayWidth.truncated(TerminalText.escaped(text, invisible: true), to: columns() - 1)
        write("\r\(shown)\u{1B}[K")
    }

    /// The width of the terminal stderr is on (stdout may be a pipe: `card add` prints an id).
    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return TerminalWidth.fallback }
        return Int(size.ws_col)
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
