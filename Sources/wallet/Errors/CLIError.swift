import WalletCore

/// Command-line mistakes the parser cannot catch by itself.
enum CLIError: Error, CustomStringConvertible {
    case unknownSort(String)
    case conflictingFlags(String, String)
    case missingCode
    case optionNeeds(String, String)
    case scannedFormatDiffers(given: String, found: String)
    /// Neither `CARD` nor `--id` was given (``CardArgument``).
    case missingCard
    /// `--id` was given text that cannot start a card id.
    case notAnID(String)

    var description: String {
        switch self {
        case .unknownSort(let name):
            "unknown sort '\(name)': use one of \(CardSort.allCases.map(\.rawValue).joined(separator: ", "))"
        case .conflictingFlags(let first, let second):
            "\(first) and \(second) contradict each other: give one of them"
        case .missingCode:
            "missing --code NUMBER: give the card's number, --scan FILE to read it from a picture of the barcode, or --camera"
        case .missingCard:
            "missing CARD: give the card's name or id, or --id ID (see `wallet card list`)"
        case .notAnID(let text):
            "--id takes a card id or its first characters (hex digits, as in the ID column of `wallet card list`), "
                + "not '\(TerminalText.escaped(text))'"
        case .optionNeeds(let option, let needed):
            "\(option) only works with \(needed)"
        case .scannedFormatDiffers(let given, let found):
            "--format \(given) does not match the scanned code, which is \(found): leave out --format (the picture "
                + "says it) or scan the picture of the right card"
        }
    }
}
