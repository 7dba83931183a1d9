import Testing
@testable import Barcodes

@Suite struct WideBarRatioTests {
    @Test func twoModuleRunsBecomeThree() {
        let row: [Bool] = [true, false, true, true, false, false, true]
        #expect(WideBarRatio.widen(row) == [true, false, true, true, true, false, false, false, true])
    }

    @Test func onlyCode39AndCodabarAreWidened() {
        #expect(Symbology.allCases.filter(WideBarRatio.applies(to:)) == [.code39, .codabar])
    }

    /// Every Code 39 character is 9 elements, 3 of them wide, plus a narrow gap: 6 + 3 x 3 + 1 = 16
    /// modules at 3:1 (13 at libzint's 2:1); the row starts and ends with a bar.
    @Test func code39CharactersAreSixteenModules() throws {
        let matrix = try BarcodeEncoder.encode("C39-77", as: .code39)
        let characters = "C39-77".count + 2  // start and stop
        #expect(matrix.width == characters * 16 - 1)
        #expect(matrix[0, 0] && matrix[matrix.width - 1, 0])
        #expect(runLengths(matrix).allSatisfy { $0 == 1 || $0 == 3 })
    }

    @Test func codabarElementsAreNarrowOrTripleWide() throws {
        let matrix = try BarcodeEncoder.encode("A123456B", as: .codabar)
        let runs = runLengths(matrix)
        #expect(runs.allSatisfy { $0 == 1 || $0 == 3 })
        #expect(runs.contains(3))
    }

    private func runLengths(_ matrix: BarcodeMatrix) -> [Int] {
        var runs: [Int] = []
        var x = 0
        while x < matrix.width {
            var end = x
            while end < matrix.width, matrix[end, 0] == matrix[x, 0] { end += 1 }
            runs.append(end - x)
            x = end
        }
        return runs
    }
}
