import Glibc
import Testing
@testable import Barcodes
import WalletTestSupport

@Suite struct BarcodeBatchTests {
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("barcode-batch-tests")

    private func scratchFile(_ contents: String) -> String {
        var template = Array("\(scratch.path)/batch-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let bytes = Array(contents.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    @Test func readsLinesWithOptionalFinalNewlineAndCRLF() throws {
        #expect(try BarcodeBatch.readPayloads(fromFile: scratchFile("a\r\nb\nc")) == ["a", "b", "c"])
        #expect(try BarcodeBatch.readPayloads(fromFile: scratchFile("a\n\nc\n")) == ["a", "", "c"])
        #expect(throws: BarcodeBatchError.self) { try BarcodeBatch.readPayloads(fromFile: scratchFile("")) }
    }

    @Test func fileNamesArePaddedToFiveDigits() {
        #expect(BarcodeBatch.fileName(1) == "00001.png")
        #expect(BarcodeBatch.fileName(123456) == "123456.png")
    }

    @Test func badLineIsReportedBeforeAnythingIsWritten() {
        let directory = scratchFile("") + ".out"
        let batch = BarcodeBatch(symbology: .ean8, moduleSize: 2)
        #expect(throws: BarcodeBatchError.self) { try batch.write(["9638507", "96385075"], to: directory) }
        do {
            try batch.write(["9638507", "96385075"], to: directory)
        } catch {
            #expect(
                error.description
                    == "line 2: wrong check digit 5 for ean8: expected 4 (or leave the check digit off and it is added)")
        }
        #expect(access(directory, F_OK) != 0)
    }
}
