import Testing
@testable import WalletInterop

@Suite struct CSVParserTests {
    private func records(_ text: String) throws -> [CSVRecord] {
        try CSVParser(text: text).records()
    }

    @Test func plainFieldsAndLineNumbers() throws {
        let parsed = try records("a,b,c\n1,,3\n")
        #expect(
            parsed == [
                CSVRecord(line: 1, fields: ["a", "b", "c"], isBlank: false),
                CSVRecord(line: 2, fields: ["1", "", "3"], isBlank: false),
            ])
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let parsed = try records("1,\"say \"\"hi\"\", then\nleave\n\nlater\",x\r\n2,\"\",y")
        #expect(parsed.count == 2)
        #expect(parsed[0].fields == ["1", "say \"hi\", then\nleave\n\nlater", "x"])
        #expect(parsed[1].line == 5)
        #expect(parsed[1].fields == ["2", "", "y"])
    }

    @Test func crlfLfAndCrLineEndsAndBlankLines() throws {
        let parsed = try records("a\r\n\r\nb\n\nc\rd")
        #expect(parsed.map(\.isBlank) == [false, true, false, true, false, false])
        #expect(parsed.map(\.line) == [1, 2, 3, 4, 5, 6])
        #expect(parsed.last?.fields == ["d"])
    }

    @Test func noTrailingRecordAfterFinalLineEnd() throws {
        #expect(try records("a,b\r\n").count == 1)
        #expect(try records("").isEmpty)
    }

    @Test func unterminatedQuoteNamesTheOpeningLine() {
        #expect {
            try records("a\n1,\"open\nstill open\n")
        } throws: { error in
            guard let located = error as? LocatedProblem else { return false }
            return located.location == .line(2)
                && located.problem == .badQuoting("the quoted field opened on line 2 is never closed")
        }
    }

    @Test func quoteInsideUnquotedFieldIsAnError() {
        #expect {
            try records("a,b\n1,ab\"c\n")
        } throws: { error in
            (error as? LocatedProblem)?.location == .line(2)
                && (error as? LocatedProblem)?.problem == .badQuoting("a quote inside an unquoted field")
        }
    }

    @Test func textAfterClosingQuoteIsAnError() {
        #expect {
            try records("\"a\"b,c")
        } throws: { error in
            (error as? LocatedProblem)?.problem == .badQuoting("text after a closing quote")
        }
    }

    @Test func writerQuotesOnlyWhatNeedsIt() {
        var writer = CSVWriter()
        writer.record(["plain", "a,b", "say \"x\"", "two\nlines", " padded", ""])
        writer.blankLine()
        #expect(writer.text == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\" padded\",\r\n\r\n")
    }

    @Test func writerOutputParsesBack() throws {
        let fields = ["1", "Café \"Le Zinc\"", "note, with comma\r\nand CRLF", "", "trailing "]
        var writer = CSVWriter()
        writer.record(fields)
        #expect(try records(writer.text) == [CSVRecord(line: 1, fields: fields, isBlank: false)])
    }
}
