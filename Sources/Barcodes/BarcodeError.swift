/// Why a payload cannot become a barcode. Each case's ``description`` is one line a person can act on.
public enum BarcodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing to encode.
    case emptyPayload(Symbology)
    /// A character the format's character set lacks; `position` is 1-based.
    case invalidCharacter(Symbology, character: Character, position: Int, allowed: String)
    /// The payload's length is not one the format takes.
    case wrongLength(Symbology, count: Int, expected: String)
    /// The last digit is not the check digit the rest of the number calls for.
    case wrongCheckDigit(Symbology, found: Character, expected: Character)
    /// UPC-E numbers start with number system 0 or 1.
    case invalidNumberSystem(found: Character)
    /// Six UPC-E digits that break a zero-suppression rule (the UPC-A has another UPC-E form, or none).
    case notZeroSuppressible(digits: String, rule: String, upcA: String)
    /// More data than the largest symbol of the format holds.
    case overCapacity(Symbology, detail: String)
    /// An unknown format name.
    case unknownFormat(String)
    /// The underlying C library refused the data for another reason: `code` is libzint's return
    /// code (`ZINT_ERROR_*`) or libqrencode's `errno`, `message` the library's text.
    case encoderFailed(Symbology, code: Int32, message: String)
    /// The C library could not allocate memory (docs/ARCHITECTURE.md, "Out of memory").
    case outOfMemory(Symbology)
    /// A GS1 payload in a format the wallet cannot draw in GS1 mode.
    case noGS1Mode(Symbology)
    /// A GS1 payload that is not an element string the encoder draws back as it is.
    case invalidGS1(Symbology, problem: GS1Problem)

    public var description: String {
        switch self {
        case .emptyPayload(let format):
            return "empty payload: \(format.rawValue) needs data to encode"
        case .invalidCharacter(let format, let character, let position, let allowed):
            return "invalid character \(Self.quoted(character)) at position \(position): "
                + "\(format.rawValue) accepts \(allowed)"
        case .wrongLength(let format, let count, let expected):
            return "wrong length: \(format.rawValue) takes \(expected), got \(count)"
        case .wrongCheckDigit(let format, let found, let expected):
            return "wrong check digit \(found) for \(format.rawValue): expected \(expected) "
                + "(or leave the check digit off and it is added)"
        case .invalidNumberSystem(let found):
            return "invalid number system \(found) for upc-e: the first digit must be 0 or 1"
        case .notZeroSuppressible(let digits, let rule, let upcA):
            return "invalid upc-e number \(digits): \(rule); encode the full number as upc-a \(upcA)"
        case .overCapacity(let format, let detail):
            return "payload too long for \(format.rawValue): \(detail)"
        case .unknownFormat(let name):
            let names = Symbology.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown format '\(name)': use one of \(names)"
        case .encoderFailed(let format, _, let message):
            return "\(format.rawValue) encoder refused the payload: \(message)"
        case .outOfMemory(let format):
            return "cannot encode \(format.rawValue): out of memory"
        case .noGS1Mode(let format):
            let formats = Symbology.allCases.filter(\.hasGS1Mode).map(\.rawValue).joined(separator: ", ")
            return "\(format.rawValue) has no GS1 mode the wallet draws (GS1 codes: \(formats))"
        case .invalidGS1(let format, let problem):
            return "invalid GS1 data for \(format.rawValue): \(problem)"
        }
    }

    private static func quoted(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return "'\(character)'"
    }
}

extension String {
    /// Pads with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }

    /// The string with its first letter in lower case, to continue a sentence ("Input too long" -> "input too long").
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
