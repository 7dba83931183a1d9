/// `wallet barcode` options that do not fit together or are out of range.
enum BarcodeOptionError: Error, CustomStringConvertible {
    case moduleSize(Int, allowed: ClosedRange<Int>)
    case barHeight(Int, allowed: ClosedRange<Int>)
    case batchWithoutOutputDirectory
    case batchWithSinglePayload
    case outputDirectoryWithoutBatch
    case missingData

    var description: String {
        switch self {
        case .moduleSize(let size, let allowed):
            "--module-size must be \(allowed.lowerBound) to \(allowed.upperBound) pixels, got \(size)"
        case .barHeight(let height, let allowed):
            "--bar-height must be \(allowed.lowerBound) to \(allowed.upperBound) pixels, got \(height)"
        case .batchWithoutOutputDirectory:
            "--batch needs --output-dir DIR for the numbered PNGs"
        case .batchWithSinglePayload:
            "--batch reads payloads from its file: drop --output and the DATA argument"
        case .outputDirectoryWithoutBatch:
            "--output-dir goes with --batch; for one barcode use --output FILE.png"
        case .missingData:
            "missing DATA: give the payload to encode (or --batch FILE)"
        }
    }
}
