/// The two percent-encodings of Catima's share links (see ``CatimaShareLink``).
enum ShareLinkEncoding {
    /// Java's `URLEncoder.encode(value, UTF-8)`: letters, digits and `.-*_` stay, space becomes
    /// `+`, every other UTF-8 byte `%XX`.
    static func formEncoded(_ text: String) -> String {
        encoded(text, keeping: "-_.*", spaceAsPlus: true)
    }

    /// Android's `Uri.encode(value)`: letters, digits and `_-!.~'()*` stay, every other UTF-8
    /// byte `%XX`.
    static func uriEncoded(_ text: String) -> String {
        encoded(text, keeping: "_-!.~'()*", spaceAsPlus: false)
    }

    /// Java's `URLDecoder.decode(value, UTF-8)`: `+` is a space, `%XX` a byte; nil for a broken escape or bad UTF-8.
    static func formDecoded(_ text: String) -> String? {
        decoded(text, plusAsSpace: true)
    }

    /// Plain `%XX` decoding (`+` stays), as Android's `Uri.getFragment()`; nil when broken.
    static func percentDecoded(_ text: String) -> String? {
        decoded(text, plusAsSpace: false)
    }

    private static func encoded(_ text: String, keeping marks: String, spaceAsPlus: Bool) -> String {
        let kept = Set(marks.utf8)
        var output = ""
        for byte in text.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isAlphanumeric || kept.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == 0x20, spaceAsPlus {
                output += "+"
            } else {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    private static func decoded(_ text: String, plusAsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            switch byte {
            case UInt8(ascii: "%"):
                guard input.count >= 2, let high = hexValue(input.removeFirst()), let low = hexValue(input.removeFirst()) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                bytes.append(0x20)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
