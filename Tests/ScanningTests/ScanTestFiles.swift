import Barcodes
import Foundation

/// Files the scanning tests read: barcodes the wallet draws, written to a private directory.
final class ScanTestFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ScanningTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// `payload` drawn as `symbology` at `moduleSize` pixels per module, as a PNG file.
    func barcode(_ payload: String, as symbology: Symbology, moduleSize: Int = 4) throws -> String {
        let png = try BarcodeEncoder.encode(payload, as: symbology).png(moduleSize: moduleSize)
        return try write(png, named: "\(symbology.rawValue).png")
    }

    /// `bytes` in a file called `name`; returns its path.
    func write(_ bytes: [UInt8], named name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
