import Testing

@testable import Barcodes

@Suite struct GS1ElementStringTests {
    @Test func splitsAtPredefinedLengthsAndSeparators() throws {
        let elements = try GS1ElementString("01095040000591012112345\u{1D}10ABC123")
        #expect(elements.elements.map(\.identifier) == ["01", "21", "10"])
        #expect(elements.bracketed == "[01]09504000059101[21]12345[10]ABC123")
        #expect(elements.humanReadable == "(01)09504000059101(21)12345(10)ABC123")
        #expect(try GS1ElementString("3103000123").humanReadable == "(3103)000123")
        #expect(try GS1ElementString("4101234567890128").humanReadable == "(410)1234567890128")
    }

    @Test func refusesWhatTheEncoderWouldDrawDifferently() {
        let cases: [(String, GS1Problem)] = [
            ("", .empty),
            ("A1234", .notAnIdentifier(position: 1)),
            ("0109504000059", .shortField(position: 1, length: 16)),
            ("0109504000059101\u{1D}10AB", .separatorAfterFixedField(position: 17)),
            ("10AB\u{1D}", .separatorAtEnd),
            ("10A B", .invalidCharacter(position: 4, scalar: 0x20)),
            ("10A[B", .invalidCharacter(position: 4, scalar: 0x5B)),
        ]
        for (payload, problem) in cases {
            #expect(throws: problem) { try GS1ElementString(payload) }
        }
    }

    @Test func displayTextShowsControlPicturesAndGS1Fields() {
        #expect(BarcodeDisplayText.of("[)>\u{1E}06\u{1D}X\u{1E}\u{04}") == "[)>␞06␝X␞␄")
        #expect(BarcodeDisplayText.of("a\u{0}\u{7F}") == "a␀␡")
        #expect(BarcodeDisplayText.of("0109504000059101\u{1D}", gs1: true) == "0109504000059101␝")
        #expect(BarcodeDisplayText.of("0109504000059101", gs1: true) == "(01)09504000059101")
        #expect(BarcodeDisplayText.of("Café") == "Café")
    }

    @Test func gs1IsDrawnOnlyInFormatsWithAGS1Mode() throws {
        for format in Symbology.allCases where format.hasGS1Mode {
            let matrix = try BarcodeEncoder.encode("010950400005910121123\u{1D}10ABC", as: format, gs1: true)
            #expect(matrix.payload == "010950400005910121123\u{1D}10ABC")
        }
        #expect(throws: BarcodeError.noGS1Mode(.pdf417)) { try BarcodeEncoder.encode("0109504000059101", as: .pdf417, gs1: true) }
        #expect(throws: BarcodeError.self) { try BarcodeEncoder.encode("10AB\u{1D}", as: .qr, gs1: true) }
        // The same text without GS1 is another symbol (no FNC1 first).
        let plain = try BarcodeEncoder.encode("0109504000059101", as: .dataMatrix)
        let gs1 = try BarcodeEncoder.encode("0109504000059101", as: .dataMatrix, gs1: true)
        #expect(plain.modules != gs1.modules)
    }
}
