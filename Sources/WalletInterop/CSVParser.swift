/// One CSV record and the line it starts on.
struct CSVRecord: Equatable {
    /// 1-based line number of the record's first character.
    var line: Int
    var fields: [String]
    /// True for an empty line (no characters at all), which separates sections in Catima's files.
    var isBlank: Bool
}

/// An RFC 4180 reader: comma-separated (or another `delimiter`: FidMe writes `;`), fields quoted
/// with `"` when they hold delimiters, quotes or line breaks, inner quotes doubled; records end
/// with CRLF, LF or CR.
///
/// Strict about quoting, so a damaged file fails with the line where the damage is rather than
/// importing shifted columns: an unterminated quoted field, a quote inside an unquoted field and
/// text after a closing quote are errors.
///
/// Bounded: more than ``ImportLimits/maximumRecords`` records or a field longer than
/// ``ImportLimits/maximumFieldBytes`` is an error, so memory stays proportional to a real file.
struct CSVParser {
    private let bytes: [UInt8]
    private let delimiter: UInt8

    init(text: String, delimiter: UInt8 = UInt8(ascii: ",")) {
        bytes = Array(text.utf8)
        self.delimiter = delimiter
    }

    private static let quote = UInt8(ascii: "\"")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Every record in the text, blank lines included as `isBlank` records.
    func records() throws(LocatedProblem) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var index = 0
        var line = 1
        while index < bytes.count {
            let startLine = line
            guard records.count < ImportLimits.maximumRecords else {
                throw LocatedProblem(.tooManyRecords, at: .line(startLine))
            }
            if isLineEnd(at: index) {
                index = skipLineEnd(at: index)
                line += 1
                records.append(CSVRecord(line: startLine, fields: [""], isBlank: true))
                continue
            }
            var fields: [String] = []
            while true {
                let field = try readField(at: &index, line: &line, recordLine: startLine)
                fields.append(field)
                guard fields.count <= ImportLimits.maximumFieldsPerRecord else {
                    throw LocatedProblem(.tooManyFields, at: .line(startLine))
                }
                if index < bytes.count, bytes[index] == delimiter {
                    index += 1
                    continue
                }
                if index < bytes.count {
                    index = skipLineEnd(at: index)
                    line += 1
                }
                break
            }
            records.append(CSVRecord(line: startLine, fields: fields, isBlank: false))
        }
        return records
    }

    private func isLineEnd(at index: Int) -> Bool {
        bytes[index] == Self.lf || bytes[index] == Self.cr
    }

    /// The index after the line break at `index` (CRLF counts as one).
    private func skipLineEnd(at index: Int) -> Int {
        if bytes[index] == Self.cr, index + 1 < bytes.count, bytes[index + 1] == Self.lf { return index + 2 }
        return index + 1
    }

    /// Reads one field starting at `index`; leaves `index` on the comma, line break or end after it.
    private func readField(at index: inout Int, line: inout Int, recordLine: Int) throws(LocatedProblem) -> String {
        guard index < bytes.count, bytes[index] == Self.quote else {
            let start = index
            while index < bytes.count, bytes[index] != delimiter, !isLineEnd(at: index) {
                if bytes[index] == Self.quote {
                    throw LocatedProblem(
                        .badQuoting("a quote inside an unquoted field"), at: .line(line))
                }
                index += 1
            }
            try checkLength(index - start, line: line)
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let openingLine = line
        index += 1
        var value: [UInt8] = []
        var segmentStart = index
        while true {
            guard index < bytes.count else {
                throw LocatedProblem(
                    .badQuoting("the quoted field opened on line \(openingLine) is never closed"),
                    at: .line(recordLine))
            }
            let byte = bytes[index]
            if byte == Self.quote {
                value.append(contentsOf: bytes[segmentStart..<index])
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    value.append(Self.quote)
                    index += 2
                    segmentStart = index
                    continue
                }
                index += 1
                break
            }
            if byte == Self.lf || (byte == Self.cr && (index + 1 >= bytes.count || bytes[index + 1] != Self.lf)) {
                line += 1
            }
            index += 1
            try checkLength(value.count + index - segmentStart, line: openingLine)
        }
        guard index >= bytes.count || bytes[index] == delimiter || isLineEnd(at: index) else {
            throw LocatedProblem(.badQuoting("text after a closing quote"), at: .line(line))
        }
        return String(decoding: value, as: UTF8.self)
    }

    private func checkLength(_ length: Int, line: Int) throws(LocatedProblem) {
        guard length <= ImportLimits.maximumFieldBytes else { throw LocatedProblem(.fieldTooLong, at: .line(line)) }
    }
}
