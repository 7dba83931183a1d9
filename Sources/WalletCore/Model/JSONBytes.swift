/// JSON text appended directly as UTF-8 bytes, for the outputs whose size grows with the wallet
/// (`card list --json`, `widget options --json`): no `JSONEncoder` and no tree of values before
/// the first byte, so 10,000 cards cost a fraction of the time and memory.
public struct JSONBytes {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// `text` as it is (punctuation, numbers, literals, keys known to need no escaping).
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A static string as it is, copied without a `String`.
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8
    /// copied in runs.
    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// A JSON string, or `null`.
    public mutating func string(orNull text: String?) {
        if let text { string(text) } else { raw("null" as StaticString) }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { raw(value ? "true" as StaticString : "false") }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"" as StaticString)
        case UInt8(ascii: "\\"): raw("\\\\" as StaticString)
        case 0x0A: raw("\\n" as StaticString)
        case 0x0D: raw("\\r" as StaticString)
        case 0x09: raw("\\t" as StaticString)
        default:
            raw("\\u00" as StaticString)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
