import Barcodes

/// Choosing the one barcode a card is made from: the only one found, or number `pick` (1-based)
/// when there are several. Refuses nothing found, an ambiguous scan, formats the wallet cannot
/// store, a code the two readers read differently, a reading with a one-digit check seen once
/// only (unless `confirmed`), a reading that fails its format's own check (check digit, length,
/// characters) and a payload the wallet cannot draw back as read (NUL bytes, a character set it
/// does not write, FNC1 in second position): a wrong number stored is worse than none.
public enum ScanChoice {
    /// The barcode to store. `confirmed`: the person compared an unconfirmed reading with the
    /// number printed under it (`--confirm`).
    public static func card(
        from found: [ScannedBarcode], pick: Int?, confirmed: Bool = false, path: String
    ) throws(ScanChoiceError) -> ScannedCode {
        guard !found.isEmpty else { throw .nothingFound(path: path) }
        if pick == nil, found.contains(where: \.disputed) { throw .disputed(path: path, summary: summary(of: found)) }
        let chosen: ScannedBarcode
        let number: Int
        if let pick {
            guard found.indices.contains(pick - 1) else { throw .pickOutOfRange(path: path, pick: pick, count: found.count) }
            (chosen, number) = (found[pick - 1], pick)
        } else {
            guard found.count == 1 else { throw .several(path: path, summary: summary(of: found)) }
            (chosen, number) = (found[0], 1)
        }
        guard !chosen.disputed else { throw .disputed(path: path, summary: summary(of: found)) }
        let code = try storable(chosen, path: path)
        if chosen.unconfirmed, !confirmed {
            throw .unconfirmed(path: path, summary: summary(of: [chosen]), pick: number)
        }
        return code
    }

    /// What `barcode` becomes as a card, or why it cannot be stored as read (its format, its
    /// check, its bytes); disputes and confirmation are ``card(from:pick:confirmed:path:)``'s.
    public static func storable(_ barcode: ScannedBarcode, path: String) throws(ScanChoiceError) -> ScannedCode {
        guard let symbology = barcode.format.symbology else {
            throw .unsupported(path: path, format: barcode.format.name, text: barcode.display)
        }
        let cannotDraw = { (reason: String) in
            ScanChoiceError.cannotDrawBack(path: path, summary: summary(of: [barcode]), reason: reason)
        }
        if barcode.text.utf8.contains(0) { throw cannotDraw("it holds NUL bytes, which a card cannot store") }
        guard let encoding = barcode.textEncoding else {
            throw cannotDraw("its text is in a character set the wallet does not write (it writes UTF-8 and ISO-8859-1)")
        }
        if Self.fnc1SecondPosition.contains(barcode.symbologyIdentifier) {
            throw cannotDraw(
                "it carries FNC1 in second position (\(barcode.symbologyIdentifier)), which the encoder does not write")
        }
        if barcode.gs1, !symbology.hasGS1Mode { throw cannotDraw("the wallet draws no GS1 \(symbology.rawValue)") }
        let checked: String
        do throws(BarcodeError) {
            checked = try symbology.validate(barcode.text, encoding: encoding, gs1: barcode.gs1)
        } catch {
            throw .failsCheck(path: path, summary: summary(of: [barcode]), reason: error.description)
        }
        guard checked == barcode.text else {
            throw .failsCheck(
                path: path, summary: summary(of: [barcode]),
                reason: "the wallet's form of it is \(ScanText.quoted(checked, limit: 32))")
        }
        let written: BarcodeTextEncoding? = barcode.text.utf8.allSatisfy { $0 < 0x80 } || encoding == .utf8 ? nil : encoding
        return ScannedCode(
            symbology: symbology, payload: barcode.text, gs1: barcode.gs1, encoding: written, display: barcode.display)
    }

    /// AIM symbology identifiers of FNC1 in second position (an AIM application's own data):
    /// Code 128, Data Matrix (with and without ECI), QR (with and without ECI), Aztec (with and
    /// without ECI).
    static let fnc1SecondPosition: Set<String> = ["]C2", "]d3", "]d6", "]Q5", "]Q6", "]z2", "]z5"]

    /// `1 qr "text", 2 ean13 "4006381333931"` (texts in their human form, shortened), for one-line messages.
    public static func summary(of found: [ScannedBarcode]) -> String {
        found.enumerated().map { index, barcode in
            "\(index + 1) \(barcode.format.name) \(ScanText.quoted(barcode.display, limit: 32))"
                + (barcode.page.map { " (page \($0))" } ?? "") + (barcode.disputed ? " (disputed)" : "")
                + (barcode.unconfirmed ? " (unconfirmed)" : "")
        }.joined(separator: ", ")
    }
}

/// A scanned code as a card stores it: the payload as encoded, drawn back the same way.
public struct ScannedCode: Equatable, Sendable {
    /// The card's format.
    public var symbology: Symbology
    /// The payload exactly as the symbol carries it: the card's barcode value.
    public var payload: String
    /// Drawn in the format's GS1 mode (FNC1 first).
    public var gs1: Bool
    /// The character set to write a non-ASCII payload in; nil for UTF-8 (the default) or ASCII.
    public var encoding: BarcodeTextEncoding?
    /// The payload as people read it (`BarcodeDisplayText`): the card's number unless one is given.
    public var display: String
}

/// Why a scan cannot become a card; each ``description`` is one line saying what was found.
public enum ScanChoiceError: Error, Equatable, Sendable, CustomStringConvertible {
    case nothingFound(path: String)
    case several(path: String, summary: String)
    case pickOutOfRange(path: String, pick: Int, count: Int)
    case unsupported(path: String, format: String, text: String)
    /// The readers read different texts for one code; `summary` lists every reading.
    case disputed(path: String, summary: String)
    /// The reading breaks its format's rules (a wrong check digit, length or character).
    case failsCheck(path: String, summary: String, reason: String)
    /// The payload cannot be stored and drawn back as read (NUL bytes, a character set or mode the
    /// encoder lacks); `reason` says which.
    case cannotDrawBack(path: String, summary: String, reason: String)
    /// A reading with a one-digit check seen once only; `pick` is its number in the scan.
    case unconfirmed(path: String, summary: String, pick: Int)

    public var description: String {
        switch self {
        case .nothingFound(let path):
            "no barcode found in \(path): photograph the code flat, sharp and filling more of the picture"
        case .several(let path, let summary):
            "\(path) holds several barcodes: \(summary); choose one with --pick N"
        case .pickOutOfRange(let path, let pick, let count):
            "--pick \(pick) is out of range: \(path) holds \(count) barcode\(count == 1 ? "" : "s") (1-\(count))"
        case .unsupported(let path, let format, let text):
            "the barcode in \(path) is \(format) \(ScanText.quoted(text, limit: 32)): the wallet cannot store \(format) codes "
                + "(it stores \(Symbology.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .disputed(let path, let summary):
            "the barcode readers disagree on \(path): \(summary); nothing stored: photograph the code again, flat and "
                + "sharp, or type its number with --code and --format"
        case .cannotDrawBack(let path, let summary, let reason):
            "the barcode in \(path) cannot be stored as read: \(summary): \(reason); nothing stored: "
                + "type what the card needs with --code and --format"
        case .unconfirmed(let path, let summary, let pick):
            "the barcode in \(path) was read once only: \(summary) (one reader; the other did not see it on a rescaled or sharpened copy; "
                + "a wrong digit passes its check one time in ten); nothing stored: compare it with the number printed "
                + "under the bars and add it with --pick \(pick) --confirm, or photograph the code again, flat and sharp"
        case .failsCheck(let path, let summary, let reason):
            "the barcode in \(path) fails its format's check: \(summary) (\(reason)); nothing stored: photograph the code again, flat and "
                + "sharp, or type its number with --code and --format"
        }
    }
}

/// Scanned text made safe for one terminal line.
public enum ScanText {
    /// `text` in double quotes with control characters, quotes and backslashes escaped, cut to
    /// `limit` characters with an ellipsis.
    public static func quoted(_ text: String, limit: Int = .max) -> String {
        var shown = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                shown += "…"
                break
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            case "\r": shown += "\\r"
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format:
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return "\"" + shown + "\""
    }
}
