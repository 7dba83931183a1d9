import Barcodes

/// Choosing the one barcode a card is made from: the only one found, or number `pick` (1-based)
/// when there are several. Refuses nothing found, an ambiguous scan and formats the wallet cannot store.
public enum ScanChoice {
    /// The barcode to store (its format is a ``Symbology``).
    public static func card(from found: [ScannedBarcode], pick: Int?, path: String) throws(ScanChoiceError) -> (symbology: Symbology, text: String) {
        guard !found.isEmpty else { throw .nothingFound(path: path) }
        let chosen: ScannedBarcode
        if let pick {
            guard found.indices.contains(pick - 1) else { throw .pickOutOfRange(path: path, pick: pick, count: found.count) }
            chosen = found[pick - 1]
        } else {
            guard found.count == 1 else { throw .several(path: path, summary: summary(of: found)) }
            chosen = found[0]
        }
        guard let symbology = chosen.format.symbology else {
            throw .unsupported(path: path, format: chosen.format.name, text: chosen.text)
        }
        return (symbology, chosen.text)
    }

    /// `1 qr "text", 2 ean13 "4006381333931"` (texts shortened), for one-line messages.
    public static func summary(of found: [ScannedBarcode]) -> String {
        found.enumerated().map { index, barcode in
            "\(index + 1) \(barcode.format.name) \(ScanText.quoted(barcode.text, limit: 32))"
                + (barcode.page.map { " (page \($0))" } ?? "")
        }.joined(separator: ", ")
    }
}

/// Why a scan cannot become a card; each ``description`` is one line saying what was found.
public enum ScanChoiceError: Error, Equatable, Sendable, CustomStringConvertible {
    case nothingFound(path: String)
    case several(path: String, summary: String)
    case pickOutOfRange(path: String, pick: Int, count: Int)
    case unsupported(path: String, format: String, text: String)

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
