import Foundation

/// Card ids as text: `UUID(uuidString:)` and `uuidString.lowercased()` go through the C
/// library's scanf/printf, which shows when 10,000 cards are read and printed. These do the
/// same by hand. The stored and printed form is lower case.
extension UUID {
    /// The 8-4-4-4-12 form in lower case (`6f9619ff-8b86-d011-b42d-00c04fc964ff`).
    public var lowercasedText: String {
        let digits = UUIDText.hexDigits
        var bytes = [UInt8]()
        bytes.reserveCapacity(36)
        withUnsafeBytes(of: uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses the 8-4-4-4-12 form in either case; nil for anything else.
    public init?(text: String) {
        var text = text
        guard let value = text.withUTF8({ UUIDText.parse($0) }) else { return nil }
        self.init(uuid: value)
    }
}

private enum UUIDText {
    static let hexDigits = Array("0123456789abcdef".utf8)

    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard utf8.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { raw -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = nibble(utf8[position]), let low = nibble(utf8[position + 1]) else { return false }
                raw[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? value : nil
    }

    static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
