import ArgumentParser
import Camera
import Foundation
import Scanning

/// `--camera [--camera-source SOURCE] [--timeout SECONDS]`, shared by `card add` and `card scan`.
struct CameraOptions: ParsableArguments {
    @Flag(help: "Read the barcode from a camera (hold one code in view until it is read).") var camera = false
    @Option(
        help: ArgumentHelp(
            "The camera: /dev/videoN, pipewire, or gst:PIPELINE (a GStreamer pipeline ending in raw video); "
                + "default the PipeWire camera, else the first /dev/video capture device.",
            valueName: "SOURCE"))
    var cameraSource: String?
    @Option(help: ArgumentHelp("Give up after this many seconds with --camera (default 60).", valueName: "SECONDS"))
    var timeout: Double?

    /// Refuses --camera-source or --timeout without --camera, and a time-out that is not positive.
    func validate() throws {
        if !camera, cameraSource != nil { throw CLIError.optionNeeds("--camera-source", "--camera") }
        if !camera, timeout != nil { throw CLIError.optionNeeds("--timeout", "--camera") }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout must be a number of seconds between 0 and 86400 (got \(timeout))")
        }
    }

    /// Reads one code from the camera, with the status line on a terminal and Ctrl-C ending it
    /// cleanly (the camera released, nothing stored).
    func read() throws -> CameraReading {
        let source = try cameraSource.map { text throws(CameraError) in try CameraSource(parsing: text) } ?? .automatic
        let scanner = CameraScanner(
            source: source, options: CameraScanOptions(timeout: .milliseconds(Int((timeout ?? 60) * 1000))))
        return try CameraStatusLine.showing(scanner)
    }
}
