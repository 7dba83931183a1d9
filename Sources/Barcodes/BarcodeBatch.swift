internal import FileInput
public import FileOutput
public import PNGEncoder

/// Many payloads of one format to `00001.png`, `00002.png`, ... in a directory, all or nothing:
/// every line is validated before anything is written, and files appear only once all encoded.
public struct BarcodeBatch: Sendable {
    public let symbology: Symbology
    public let moduleSize: Int
    /// Bar height in pixels for linear codes (nil: ``BarcodeMatrix/defaultBarHeight(moduleSize:)``).
    public let barHeight: Int?
    /// File mode of the written PNGs (before the umask).
    public let permissions: UInt32
    /// The character set the payloads are written in (``BarcodeTextEncoding``).
    public let encoding: BarcodeTextEncoding

    public init(
        symbology: Symbology, moduleSize: Int, barHeight: Int? = nil, permissions: UInt32 = 0o644,
        encoding: BarcodeTextEncoding = .utf8
    ) {
        self.symbology = symbology
        self.moduleSize = moduleSize
        self.barHeight = barHeight
        self.permissions = permissions
        self.encoding = encoding
    }

    /// The payloads of a batch file: one per line (`\n` or `\r\n`), the final newline optional.
    /// A UTF-8 byte order mark that editors put first is not part of the first payload.
    public static func readPayloads(fromFile path: String) throws(BarcodeBatchError) -> [String] {
        var bytes = try readFile(path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var payloads: [String] = []
        payloads.reserveCapacity(lines.count)
        for (index, var line) in lines.enumerated() {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard let text = String(validating: line, as: UTF8.self) else { throw .invalidUTF8(line: index + 1) }
            payloads.append(text)
        }
        guard !payloads.isEmpty else { throw .noPayloads(path: path) }
        return payloads
    }

    /// Writes one PNG per payload into `directory` (created when missing) and returns the count.
    /// On any error nothing new is left in `directory`. `progress` hears (written, total) after each file.
    @discardableResult
    public func write(
        _ payloads: [String], to directory: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(BarcodeBatchError) -> Int {
        guard moduleSize >= 1 else { throw .image(.invalidModuleSize(moduleSize)) }
        if let barHeight, barHeight < 1 { throw .image(.invalidBarHeight(barHeight)) }
        var normalized: [String] = []
        normalized.reserveCapacity(payloads.count)
        for (index, payload) in payloads.enumerated() {
            do {
                normalized.append(try symbology.validate(payload, encoding: encoding))
            } catch {
                throw .badLine(index + 1, error)
            }
        }
        // Formats encoded without libzint (QR, Aztec) never load it.
        let symbol: ZintSymbol?
        do { symbol = symbology.usesLibzint ? try ZintSymbol(for: symbology) : nil } catch { throw .encoderUnavailable(error) }
        let output: StagedDirectory
        do { output = try StagedDirectory(path: directory) } catch { throw .output(error) }
        for (index, payload) in normalized.enumerated() {
            let matrix: BarcodeMatrix
            do { matrix = try BarcodeEncoder.encodeValidated(payload, as: symbology, encoding: encoding, symbol: symbol) } catch {
                throw .badLine(index + 1, error)
            }
            let png: [UInt8]
            do throws(BarcodeImageError) {
                png = try matrix.png(moduleSize: moduleSize, barHeight: barHeight, compression: nil)
            } catch {
                if case .encoding(let pngError) = error { throw .encoding(line: index + 1, pngError) }
                throw .image(error)
            }
            do { try output.write(png, name: Self.fileName(index + 1), permissions: permissions) } catch { throw .output(error) }
            progress(index + 1, normalized.count)
        }
        do { try output.commit() } catch { throw .output(error) }
        return normalized.count
    }

    /// `00001.png` for the first line; more digits only past 99999 lines.
    public static func fileName(_ number: Int) -> String {
        String(number).leftPadded(to: 5) + ".png"
    }

    /// The largest batch file read: 64 MB is a million payloads of 64 bytes.
    public static let maximumFileBytes = 64 * 1024 * 1024

    private static func readFile(_ path: String) throws(BarcodeBatchError) -> [UInt8] {
        do throws(BoundedRead.Failure) {
            return try BoundedRead.bytes(of: path, limit: maximumFileBytes, operation: "read batch file")
        } catch {
            switch error {
            case .unreadable(let failure): throw .unreadableInput(failure)
            case .tooLarge: throw .inputTooLarge(path: path)
            }
        }
    }
}

/// Why a batch failed. ``description`` is one line, naming the input line when one is at fault.
public enum BarcodeBatchError: Error, Sendable, CustomStringConvertible {
    case unreadableInput(FileError)
    case noPayloads(path: String)
    /// The batch file is larger than ``BarcodeBatch/maximumFileBytes``.
    case inputTooLarge(path: String)
    case invalidUTF8(line: Int)
    case badLine(Int, BarcodeError)
    case image(BarcodeImageError)
    case output(FileError)
    /// libpng could not encode the image of that line.
    case encoding(line: Int, PNGError)
    /// The barcode library could not be set up (out of memory).
    case encoderUnavailable(BarcodeError)

    public var description: String {
        switch self {
        case .unreadableInput(let error):
            error.description
        case .inputTooLarge(let path):
            "batch file \(path) is over the \(BarcodeBatch.maximumFileBytes / (1024 * 1024)) MB limit: split it into several batches"
        case .noPayloads(let path):
            "batch file \(path) has no payloads: put one payload per line"
        case .invalidUTF8(let line):
            "line \(line): not valid UTF-8 text; save the batch file as UTF-8"
        case .badLine(let line, let error):
            "line \(line): \(error)"
        case .image(let error):
            error.description
        case .output(let error):
            error.description
        case .encoding(let line, let error):
            "line \(line): \(error)"
        case .encoderUnavailable(let error):
            error.description
        }
    }
}
