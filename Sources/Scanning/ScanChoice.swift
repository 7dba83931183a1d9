import Barcodes

/// Choosing the one barcode a card is made from: the only one found, or number `pick` (1-based)
/// when there are several. Refuses nothing found, an ambiguous scan, formats the wallet cannot
/// store, a code the two readers read differently and a reading that fails its format's own
/// check (check digit, length, characters): a wrong number stored is worse than none.
public enum ScanChoice {
    /// The barcode to store (its format is a `Symbology`).
    public static func card(
        from found: [ScannedBarcode], pick: Int?, path: String
    ) throws(ScanChoiceError) -> (symbology: Symbology, text: String) {
        guard !found.isEmpty else { throw .nothingFound(path: path) }
        if pick == nil, found.contains(where: \.disputed) { throw .disputed(path: path, summary: summary(of: found)) }
        let chosen: ScannedBarcode
        if let pick {
            guard found.indices.contains(pick - 1) else { throw .pickOutOfRange(path: path, pick: pick, count: found.count) }
            chosen = found[pick - 1]
        } else {
            guard found.count == 1 else { throw .several(path: path, summary: summary(of: found)) }
            chosen = found[0]
        }
        guard !chosen.disputed else { throw .disputed(path: path, summary: summary(of: found)) }
        guard let symbology = chosen.format.symbology else {
            throw .unsupported(path: path, format: chosen.format.name, text: chosen.text)
        }
        let checked: String
        do throws(BarcodeError) {
            checked = try symbology.validate(chosen.text)
        } catch {
            throw .failsCheck(path: path, summary: summary(of: [chosen]), reason: error.description)
        }
        guard checked == chosen.text else {
            throw .failsCheck(
                path: path, summary: summary(of: [chosen]),
                reason: "the wallet's form of it is \(ScanText.quoted(checked, limit: 32))")
        }
        return (symbology, chosen.text)
    }

    /// `1 qr "text", 2 ean13 "4006381333931"` (texts shortened), for one-line messages.
    public static func summary(of found: [ScannedBarcode]) -> String {
        found.enumerated().map { index, barcode in
            "\(index + 1) \(barcode.format.name) \(ScanText.quoted(barcode.text, limit: 32))"
                + (barcode.page.map { " (page \($0))" } ?? "") + (barcode.disputed ? " (disputed)" : "")
        }.joined(separator: ", ")
    }
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
