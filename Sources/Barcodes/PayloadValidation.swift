/// Checks a payload against a format's rules before any C library sees it, and returns the exact
/// text the symbol will carry (EAN/UPC numbers with their check digit).
///
/// libzint pads or reinterprets some inputs silently (EAN-8 vs EAN-13 by length); validating here
/// first is what keeps a wrong number from becoming a wrong barcode.
extension Symbology {
    /// Validates `payload` for this format and returns the normalized payload to encode. A 2D
    /// format's text must fit `encoding` (ISO-8859-1 holds U+0000 to U+00FF only); Code 128 takes
    /// ISO-8859-1, its own character set, control characters included; the other linear formats
    /// take ASCII, the same in every encoding. A `gs1` payload is a GS1 element string
    /// (``GS1ElementString``) in a format that has a GS1 mode (Code 128 as GS1-128, Data Matrix, QR,
    /// Aztec).
    public func validate(
        _ payload: String, encoding: BarcodeTextEncoding = .utf8, gs1: Bool = false
    ) throws(BarcodeError) -> String {
        guard !payload.isEmpty else { throw .emptyPayload(self) }
        if gs1 {
            guard hasGS1Mode else { throw .noGS1Mode(self) }
            do throws(GS1Problem) {
                _ = try GS1ElementString(payload)
            } catch {
                throw .invalidGS1(self, problem: error)
            }
            return payload
        }
        switch self {
        case .qr, .aztec, .pdf417, .dataMatrix:
            // The byte scan first: walking every payload by Character was costly in a batch
            // (bench/results.md, `PayloadValidation`); only a payload holding a NUL byte is
            // walked to name it.
            if payload.utf8.contains(0), let (index, character) = Self.firstCharacter(in: payload, where: { $0 == "\0" }) {
                throw .invalidCharacter(self, character: character, position: index, allowed: "any text except NUL")
            }
            if !encoding.canWrite(payload), case .failure(let bad) = encoding.bytes(of: payload) {
                throw .invalidCharacter(
                    self, character: bad.character, position: bad.position,
                    allowed: "only Latin-1 characters in barcode encoding \(encoding.rawValue) (choose UTF-8 for other text)")
            }
            return payload
        case .code128:
            try requireCharacters(payload, allowed: "ISO-8859-1 characters except NUL (control characters included)") {
                $0.value > 0 && $0.value <= 0xFF
            }
            return payload
        case .code93:
            try requireCharacters(payload, allowed: "printable ASCII (space to ~)") { $0.isPrintableASCII }
            try requireMaximumLength(payload.count, Self.code93MaximumLength)
            return payload
        case .code39:
            // Outside the basic set (0-9, A-Z, space, - . $ / + %) the payload is encoded as
            // full ASCII (Code39FullASCII), where those characters take two symbol characters.
            try requireCharacters(payload, allowed: "ASCII characters except NUL (full ASCII for lower case and punctuation)") {
                $0.value > 0 && $0.value < 0x80
            }
            if Code39FullASCII.isBasic(payload) {
                try requireMaximumLength(payload.count, Self.code39MaximumLength)
            } else {
                try requireMaximumLength(
                    Code39FullASCII.symbolCharacterCount(payload), Self.code39MaximumLength,
                    unit: "symbol characters in full ASCII, where lower case and punctuation take two each")
            }
            return payload
        case .codabar:
            return try validateCodabar(payload)
        case .itf:
            try requireCharacters(payload, allowed: "digits 0-9") { $0.isDigit }
            try requireMaximumLength(payload.count, Self.itfLengths.upperBound, unit: "digits")
            guard payload.count % 2 == 0 else {
                throw .wrongLength(self, count: payload.count, expected: "an even number of digits (add a leading 0)")
            }
            guard payload.count >= Self.itfLengths.lowerBound else {
                throw .wrongLength(
                    self, count: payload.count,
                    expected: "at least \(Self.itfLengths.lowerBound) digits (scanners ignore shorter ITF; add leading 0s)")
            }
            return payload
        case .ean13: return try validateGTIN(payload, lengthWithoutCheck: 12)
        case .ean8: return try validateGTIN(payload, lengthWithoutCheck: 7)
        case .upcA: return try validateGTIN(payload, lengthWithoutCheck: 11)
        case .upcE: return try validateUPCE(payload)
        }
    }

    /// Digits 0-9 and the Codabar symbols `- $ : / . +` between start/stop letters A-D (added as A...A when absent).
    private func validateCodabar(_ payload: String) throws(BarcodeError) -> String {
        let characters = Array(payload.uppercased())
        let hasStartStop =
            characters.count >= 2
            && Self.codabarGuards.contains(characters[0]) && Self.codabarGuards.contains(characters[characters.count - 1])
        let body = hasStartStop ? characters.dropFirst().dropLast() : characters[...]
        for (offset, character) in body.enumerated() {
            guard character.isASCII, character.isNumber || "-$:/.+".contains(character) else {
                throw .invalidCharacter(
                    self, character: character, position: offset + (hasStartStop ? 2 : 1),
                    allowed: "digits 0-9 and - $ : / . + between optional start/stop letters A-D")
            }
        }
        guard !body.isEmpty else { throw .emptyPayload(self) }
        guard body.count >= Self.codabarMinimumBody else {
            throw .wrongLength(
                self, count: body.count,
                expected:
                    "at least \(Self.codabarMinimumBody) characters between the start/stop letters (scanners ignore shorter Codabar)"
            )
        }
        try requireMaximumLength(body.count, Self.codabarMaximumLength - 2, unit: "characters between the start/stop letters")
        // The start/stop letters are part of the symbol and decoders return them, so the
        // normalized payload always carries them: "A" at both ends when none were given.
        return hasStartStop ? String(characters) : "A" + String(characters) + "A"
    }

    private static let codabarGuards: Set<Character> = ["A", "B", "C", "D"]

    /// True for the formats the wallet draws in GS1 mode: Code 128 (as GS1-128), Data Matrix and
    /// QR through libzint, Aztec in Swift (FNC1 first). PDF417 has none in libzint.
    public var hasGS1Mode: Bool {
        switch self {
        case .code128, .dataMatrix, .qr, .aztec: true
        default: false
        }
    }

    /// Limits of the linear formats: libzint's maximum symbol sizes, and the shortest symbols the
    /// decoders accept (zbar and zxing-cpp ignore ITF under 6 digits and Codabar under 2 data
    /// characters to avoid false reads). Code 128's limit depends on the data (digit pairs pack
    /// into one symbol character); libzint reports it at encoding time.
    static let code39MaximumLength = 85
    static let code93MaximumLength = 107
    static let codabarMaximumLength = 60
    static let codabarMinimumBody = 2
    static let itfLengths = 6...90

    private func requireMaximumLength(_ count: Int, _ maximum: Int, unit: String = "characters") throws(BarcodeError) {
        guard count <= maximum else {
            throw .overCapacity(self, detail: "at most \(maximum) \(unit), got \(count); shorten the data")
        }
    }

    /// EAN-13, EAN-8 and UPC-A: `lengthWithoutCheck` digits (check digit added) or one more (verified).
    private func validateGTIN(_ payload: String, lengthWithoutCheck: Int) throws(BarcodeError) -> String {
        try requireCharacters(payload, allowed: "digits 0-9") { $0.isDigit }
        let digits = payload.compactMap(\.wholeNumberValue)
        switch digits.count {
        case lengthWithoutCheck:
            return payload + String(GTINCheckDigit.compute(digits))
        case lengthWithoutCheck + 1:
            let expected = GTINCheckDigit.compute(Array(digits.dropLast()))
            guard expected == digits.last else {
                throw .wrongCheckDigit(self, found: payload.last!, expected: Character(String(expected)))
            }
            return payload
        default:
            throw .wrongLength(
                self, count: digits.count,
                expected: "\(lengthWithoutCheck) digits (check digit added) or \(lengthWithoutCheck + 1) (check digit verified)")
        }
    }

    /// UPC-E: number system 0 or 1, six digits, and a check digit computed on the UPC-A expansion.
    private func validateUPCE(_ payload: String) throws(BarcodeError) -> String {
        try requireCharacters(payload, allowed: "digits 0-9") { $0.isDigit }
        guard payload.count == 7 || payload.count == 8 else {
            throw .wrongLength(self, count: payload.count, expected: "7 digits (check digit added) or 8 (check digit verified)")
        }
        let first = payload.first!
        guard first == "0" || first == "1" else { throw .invalidNumberSystem(found: first) }
        let digits = payload.compactMap(\.wholeNumberValue)
        let expanded = UPCE.expandToUPCA(Array(digits.prefix(7)))
        let expected = GTINCheckDigit.compute(expanded)
        if let rule = UPCE.brokenRule(Array(digits[1...6])) {
            let upcA = (expanded + [expected]).map(String.init).joined()
            throw .notZeroSuppressible(digits: String(payload.prefix(7)), rule: rule, upcA: upcA)
        }
        if digits.count == 7 { return payload + String(expected) }
        guard digits[7] == expected else {
            throw .wrongCheckDigit(self, found: payload.last!, expected: Character(String(expected)))
        }
        return payload
    }

    private func requireCharacters(
        _ payload: String, allowed: String, _ isAllowed: (Unicode.Scalar) -> Bool
    ) throws(BarcodeError) {
        let bad = Self.firstCharacter(in: payload) { character in
            character.unicodeScalars.count != 1 || !isAllowed(character.unicodeScalars.first!)
        }
        if let (position, character) = bad {
            throw .invalidCharacter(self, character: character, position: position, allowed: allowed)
        }
    }

    /// The 1-based position and value of the first character matching `predicate`.
    private static func firstCharacter(in payload: String, where predicate: (Character) -> Bool) -> (Int, Character)? {
        for (offset, character) in payload.enumerated() where predicate(character) {
            return (offset + 1, character)
        }
        return nil
    }
}

/// The GS1 modulo-10 check digit shared by EAN-13, EAN-8, UPC-A and UPC-E.
public enum GTINCheckDigit {
    /// The check digit for `digits` (the number without its check digit).
    public static func compute(_ digits: [Int]) -> Int {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            sum += digit * (offset % 2 == 0 ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }
}

/// UPC-E zero suppression.
public enum UPCE {
    /// Expands number system + six UPC-E digits to the 11 leading digits of the UPC-A it stands for.
    public static func expandToUPCA(_ digits: [Int]) -> [Int] {
        precondition(digits.count == 7, "number system and six digits")
        let ns = digits[0]
        let d = Array(digits[1...6])
        switch d[5] {
        case 0, 1, 2: return [ns, d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: return [ns, d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: return [ns, d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: return [ns, d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
    }

    /// The GS1 rule the six UPC-E digits `d` break, if any: with last digit 3 the third digit must
    /// be 3-9, with 4 the fourth must not be 0, with 5-9 the fifth must not be 0 (otherwise the
    /// number is written with a smaller last digit, and encoders such as libzint refuse it).
    public static func brokenRule(_ d: [Int]) -> String? {
        precondition(d.count == 6, "six UPC-E digits")
        switch d[5] {
        case 3 where d[2] <= 2: return "with last digit 3 the third digit must be 3-9"
        case 4 where d[3] == 0: return "with last digit 4 the fourth digit must not be 0"
        case 5...9 where d[4] == 0: return "with last digit \(d[5]) the fifth digit must not be 0"
        default: return nil
        }
    }
}

extension Unicode.Scalar {
    var isDigit: Bool { ("0"..."9").contains(self) }
    var isPrintableASCII: Bool { value >= 0x20 && value < 0x7F }
}
