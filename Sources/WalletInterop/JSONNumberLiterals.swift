import Foundation

/// The number literals of one key in each object of a top-level JSON array, as written.
///
/// `JSONDecoder` reads a number into `Decimal`, which keeps 38 significant digits: a 60-digit
/// balance came out rounded. This scanner walks the document's bytes once (strings with their
/// escapes skipped, no tree built) and returns the literal text, so a reader can keep the value
/// exactly. It runs after `JSONDecoder` has accepted the document, so it need not report errors.
enum JSONNumberLiterals {
    /// For each element (by index) of the top-level array in `data` that is an object with a
    /// number under `key`, that number's text.
    static func topLevelObjects(in data: Data, key: String) -> [Int: String] {
        let wanted = Array(key.utf8)
        var result: [Int: String] = [:]
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            var depth = 0
            var element = -1
            var lastString: Range<Int>?
            var afterColon = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    lastString = afterColon ? nil : start..<min(index, bytes.count)
                    afterColon = false
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth == 2 && byte == UInt8(ascii: "{") { element += 1 }
                    afterColon = false
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                case UInt8(ascii: ","):
                    lastString = nil
                    afterColon = false
                case UInt8(ascii: ":"):
                    afterColon = true
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = index
                    while index + 1 < bytes.count, Self.isNumberByte(bytes[index + 1]) { index += 1 }
                    if depth == 2, afterColon, let name = lastString, bytes[name].elementsEqual(wanted) {
                        result[element] = String(decoding: bytes[start...index], as: UTF8.self)
                    }
                    afterColon = false
                default:
                    if byte > 0x20 { afterColon = false }
                }
                index += 1
            }
        }
        return result
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
    }
}
