import Camera
import Foundation
import Scanning

/// A card's code from the camera, as `wallet card add --camera` reads it: ``CameraScanner`` on a
/// thread of its own (it blocks), the reading checked by the same rules as a scanned file's
/// (``ScanChoice``; seen steadily over frames, a reading comes confirmed). One reading at a time;
/// ``stop()`` ends it within a frame and releases the camera.
final class CameraAdd {
    private var scanner: CameraScanner?

    /// Starts reading; `done` runs on the main loop with the code or the CLI's refusal.
    func read(done: @escaping (ScanOffer.Outcome) -> Void) {
        stop()
        let scanner: CameraScanner
        do {
            let (source, options) = try ScanSettings.camera()
            scanner = CameraScanner(source: source, options: options)
        } catch {
            return done(.refused(error.description))
        }
        self.scanner = scanner
        MainLoop.background(
            { Self.outcome(of: scanner) },
            then: { [weak self] outcome in
                if self?.scanner === scanner { self?.scanner = nil }
                done(outcome)
            })
    }

    /// Ends a running reading (its result is a refusal nobody waits for).
    func stop() {
        scanner?.stop()
        scanner = nil
    }

    private static func outcome(of scanner: CameraScanner) -> ScanOffer.Outcome {
        do {
            let reading = try scanner.run()
            return ScanOffer(found: [reading.barcode], file: scanner.source.name).pick(nil)
        } catch {
            return .refused(error.description)
        }
    }
}
