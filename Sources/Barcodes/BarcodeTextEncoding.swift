/// The character set a barcode's text is written in, as bytes inside a 2D symbol (QR, Aztec,
/// PDF417, Data Matrix). Passes name it in `messageEncoding`, Catima in `barcodeencoding`.
///
/// Text that is all ASCII is written as plain bytes either way (the same bytes in both sets, no
/// ECI), so a fixed-width boarding-pass message stays byte for byte what the pass says. Other
/// text goes behind the set's ECI designator (26 for UTF-8, 3 for ISO-8859-1), as Catima's zxing
/// writes it when a character set is named, so a decoder never has to guess. Linear formats take
/// ASCII only, where the choice makes no difference.
public enum BarcodeTextEncoding: String, CaseIterable, Sendable, Codable {
    /// UTF-8, the wallet's default.
    case utf8 = "UTF-8"
    /// ISO-8859-1 (Latin-1): one byte per character, U+0000 to U+00FF only.
    case latin1 = "ISO-8859-1"

    /// Reads a character set name as passes and Catima write it, ignoring case, `-` and `_`:
    /// `UTF-8`, `utf8`, `ISO-8859-1`, `ISO_8859-1:1987`, `latin1`, `Latin-1`, `ISO8859-1`, `CP819`.
    public init?(name: String) {
        let folded = String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
        switch folded {
        case "utf8": self = .utf8
        case "iso88591", "iso88591:1987", "latin1", "l1", "cp819", "ibm819": self = .latin1
        default: return nil
        }
    }

    /// The encoding `name` names, or an error that lists the names accepted.
    public static func named(_ name: String) throws(UnknownName) -> BarcodeTextEncoding {
        guard let encoding = BarcodeTextEncoding(name: name) else { throw UnknownName(name: name) }
        return encoding
    }

    /// A character set name the wallet does not write barcodes in.
    public struct UnknownName: Error, Equatable, Sendable, CustomStringConvertible {
        public let name: String
        public var description: String {
            "unknown barcode encoding '\(name)': use UTF-8 or ISO-8859-1 (Latin-1)"
        }
    }

    /// True when every character of `text` is in this set.
    public func canWrite(_ text: String) -> Bool {
        switch self {
        case .utf8: true
        case .latin1: text.unicodeScalars.allSatisfy { $0.value <= 0xFF }
        }
    }

    /// The ECI assignment number that announces this set inside a symbol.
    var eciNumber: Int32 {
        switch self {
        case .utf8: 26
        case .latin1: 3
        }
    }

    /// The text's bytes in this set, or the 1-based position and value of the first character
    /// the set cannot hold.
    func bytes(of text: String) -> Result<[UInt8], UnrepresentableCharacter> {
        switch self {
        case .utf8:
            return .success(Array(text.utf8))
        case .latin1:
            guard canWrite(text) else {
                // Only a refused text pays for counting characters (the position a person sees).
                let (offset, character) = text.enumerated().first { _, character in
                    character.unicodeScalars.contains { $0.value > 0xFF }
                }!
                return .failure(UnrepresentableCharacter(character: character, position: offset + 1))
            }
            return .success(text.unicodeScalars.map { UInt8($0.value) })
        }
    }

    /// A character a set lacks, at its 1-based position.
    struct UnrepresentableCharacter: Error {
        let character: Character
        let position: Int
    }
}
