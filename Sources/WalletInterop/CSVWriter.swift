import Foundation

/// Writes RFC 4180 records the way Catima's exporter (Apache Commons CSV, RFC4180 format) does:
/// CRLF after each record, fields quoted only when they must be, inner quotes doubled.
struct CSVWriter {
    private(set) var text = ""

    /// Appends one record.
    mutating func record(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { text.append(",") }
            text.append(Self.escaped(field))
        }
        text.append("\r\n")
    }

    /// Appends an empty line (Catima's section separator).
    mutating func blankLine() {
        text.append("\r\n")
    }

    /// The field as it appears in the file: quoted when it holds a comma, quote or line break, or
    /// starts or ends with white space (which readers could trim).
    static func escaped(_ field: String) -> String {
        let needsQuotes =
            field.utf8.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r")
            } || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
