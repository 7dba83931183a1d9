import Barcodes
import CDeflate
import FuzzSupport

/// libFuzzer entry: every barcode encoder (the Aztec encoder and the 1-bit PNG writer are our own
/// code) on arbitrary payloads. The first byte picks the format, the second the text encoding and
/// the module size, the rest is the payload. A payload the format takes must give a matrix of
/// width x height modules and a PNG whose image data inflates to exactly its rows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBarcodeEncoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    guard input.count >= 2 else { return 0 }
    let symbology = Symbology.allCases[Int(input[0]) % Symbology.allCases.count]
    let encoding: BarcodeTextEncoding = input[1] & 1 == 0 ? .utf8 : .latin1
    let moduleSize = Int(input[1] >> 1) % 4 + 1
    let payload = String(decoding: input.dropFirst(2), as: UTF8.self)
    guard let matrix = try? BarcodeEncoder.encode(payload, as: symbology, encoding: encoding) else { return 0 }
    precondition(matrix.width > 0 && matrix.height > 0, "empty matrix for \(symbology)")
    precondition(matrix.modules.count == matrix.width * matrix.height, "module count for \(symbology)")
    guard let png = try? matrix.png(moduleSize: moduleSize) else { return 0 }
    checkImageData(png)
    return 0
}

/// The 1-bit gray PNG's IDAT data must inflate to its (filter byte + row) bytes, no more, no less.
private func checkImageData(_ png: [UInt8]) {
    precondition(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "PNG signature")
    var offset = 8
    var width = 0
    var height = 0
    var oneBitGray = false
    var compressed: [UInt8] = []
    while offset + 12 <= png.count {
        let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        let body = png[(offset + 8)..<(offset + 8 + length)]
        if type == "IHDR" {
            width = body.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            height = body.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }
            oneBitGray = body[body.startIndex + 8] == 1 && body[body.startIndex + 9] == 0
        } else if type == "IDAT" {
            compressed += body
        }
        offset += 12 + length
    }
    precondition(offset == png.count, "PNG chunks do not end at the file's end")
    guard oneBitGray else { return }
    let expected = ((width + 7) / 8 + 1) * height
    var inflated = [UInt8](repeating: 0, count: expected + 1)
    var inflatedCount = uLongf(inflated.count)
    let status = compressed.withUnsafeBufferPointer { source in
        inflated.withUnsafeMutableBufferPointer { uncompress($0.baseAddress, &inflatedCount, source.baseAddress, uLong(source.count)) }
    }
    precondition(status == Z_OK && inflatedCount == uLongf(expected), "image data inflates to \(inflatedCount) bytes, not \(expected)")
}

runFuzzer(fuzzBarcodeEncoder)
