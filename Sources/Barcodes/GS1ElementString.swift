/// A GS1 element string as a symbol carries it and a reader returns it (zxing-cpp's plain text,
/// zbar's text): Application Identifiers and their data run together, a GS (0x1D) where a FNC1
/// ends a field of variable length, the leading FNC1 that makes the symbol GS1 left out
/// (`01095040000591012112345` GS `10ABC123`).
///
/// Where a separator goes is fixed by the first two digits of each AI (GS1 General
/// Specifications, "predefined length" table: 00-04, 11-20, 23, 31-36 and 41 need none), the rule
/// libzint applies when it places FNC1s; the element string is split the same way, so what
/// libzint draws from ``bracketed`` carries exactly the bytes read. A string that puts its
/// separators elsewhere (after a predefined field, at the end) is refused rather than drawn
/// differently.
public struct GS1ElementString: Equatable, Sendable {
    /// One field: its AI (2 to 4 digits) and its data.
    public struct Element: Equatable, Sendable {
        public var identifier: String
        public var data: String
    }

    public let elements: [Element]

    /// The group separator that stands for a FNC1 between fields.
    public static let separator: Unicode.Scalar = "\u{1D}"

    /// Splits `payload`; the error names the first thing that is not a GS1 element string.
    public init(_ payload: String) throws(GS1Problem) {
        let scalars = Array(payload.unicodeScalars)
        var elements: [Element] = []
        var index = 0
        guard !scalars.isEmpty else { throw .empty }
        while index < scalars.count {
            guard index + 2 <= scalars.count, scalars[index].isDigit, scalars[index + 1].isDigit else {
                throw .notAnIdentifier(position: index + 1)
            }
            let prefix = Int(String(String.UnicodeScalarView(scalars[index..<index + 2])))!
            let identifierLength = Self.identifierLength(prefix: prefix)
            let end: Int
            if let total = Self.predefinedLength(prefix: prefix) {
                end = index + total
                guard end <= scalars.count, !scalars[index..<end].contains(Self.separator) else {
                    throw .shortField(position: index + 1, length: total)
                }
                if end < scalars.count, scalars[end] == Self.separator { throw .separatorAfterFixedField(position: end + 1) }
            } else {
                end = scalars[index...].firstIndex(of: Self.separator) ?? scalars.count
                if end == scalars.count - 1 { throw .separatorAtEnd }
            }
            guard end - index > identifierLength, scalars[index..<index + identifierLength].allSatisfy(\.isDigit) else {
                throw .notAnIdentifier(position: index + 1)
            }
            let data = scalars[index + identifierLength..<end]
            if let bad = data.firstIndex(where: { !Self.isDataCharacter($0) }) {
                throw .invalidCharacter(position: bad + 1, scalar: data[bad].value)
            }
            elements.append(
                Element(
                    identifier: String(String.UnicodeScalarView(scalars[index..<index + identifierLength])),
                    data: String(String.UnicodeScalarView(data))))
            index = end < scalars.count && scalars[end] == Self.separator ? end + 1 : end
        }
        self.elements = elements
    }

    /// True for a payload that splits into GS1 elements.
    public static func isValid(_ payload: String) -> Bool { (try? GS1ElementString(payload)) != nil }

    /// libzint's GS1 input: each AI in square brackets before its data (`[01]09504000059101[10]ABC`).
    public var bracketed: String { elements.map { "[\($0.identifier)]\($0.data)" }.joined() }

    /// The human-readable interpretation printed under a GS1 symbol: each AI in parentheses
    /// (`(01)09504000059101(21)12345(10)ABC123`).
    public var humanReadable: String { elements.map { "(\($0.identifier))\($0.data)" }.joined() }

    /// Characters a field may hold: printable ASCII without space, `[` and `]` (libzint's GS1
    /// input marks AIs with brackets; GS1's own sets, 82 and 39 characters, hold none of them).
    private static func isDataCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && scalar != "[" && scalar != "]"
    }

    /// AI and data length of the AIs whose length is predefined by their first two digits (no
    /// separator follows them), nil for the others.
    static func predefinedLength(prefix: Int) -> Int? {
        switch prefix {
        case 0: 20
        case 1, 2, 3: 16
        case 4: 18
        case 11...19: 8
        case 20: 4
        case 31...36: 10
        case 41: 16
        default: nil
        }
    }

    /// How many digits the AI starting with `prefix` has (GS1 General Specifications' AI table).
    static func identifierLength(prefix: Int) -> Int {
        switch prefix {
        case 23...25, 40...42, 71: 3
        case 31...36, 39, 43, 70, 72, 80...82: 4
        default: 2
        }
    }
}

/// Why a text is not a GS1 element string the wallet can draw back; one line each.
public enum GS1Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    /// No AI (2-4 digits followed by data) at this 1-based position.
    case notAnIdentifier(position: Int)
    /// A field of predefined length ends early.
    case shortField(position: Int, length: Int)
    /// A separator after a field of predefined length (the encoder would leave it out).
    case separatorAfterFixedField(position: Int)
    case separatorAtEnd
    case invalidCharacter(position: Int, scalar: UInt32)

    public var description: String {
        switch self {
        case .empty: "empty GS1 element string"
        case .notAnIdentifier(let position): "no GS1 Application Identifier at position \(position)"
        case .shortField(let position, let length):
            "the GS1 field at position \(position) is shorter than its predefined \(length) characters"
        case .separatorAfterFixedField(let position):
            "a GS separator at position \(position) follows a field of predefined length (the encoder cannot place it)"
        case .separatorAtEnd: "a GS separator ends the GS1 element string (the encoder cannot place it)"
        case .invalidCharacter(let position, let scalar):
            "character U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)) at position \(position) "
                + "is not allowed in GS1 data (printable ASCII without space or brackets)"
        }
    }
}
