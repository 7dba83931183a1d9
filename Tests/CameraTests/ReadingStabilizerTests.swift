import Barcodes
import Scanning
import Testing

@testable import Camera

@Suite struct ReadingStabilizerTests {
    private func code(_ format: Symbology, _ text: String, disputed: Bool = false) -> ScannedBarcode {
        ScannedBarcode(
            format: .storable(format), text: text, corners: Array(repeating: ScanPoint(x: 0, y: 0), count: 4), page: nil,
            disputed: disputed)
    }

    private func ms(_ value: Int) -> Duration { .milliseconds(value) }

    @Test func aQRCodeIsTakenOnItsThirdFrame() {
        var stabilizer = ReadingStabilizer()
        let qr = code(.qr, "MEMBER-42")
        #expect(stabilizer.observe([qr], at: ms(0)) == .seen(qr, frames: 1, needed: 3))
        #expect(stabilizer.observe([qr], at: ms(100)) == .seen(qr, frames: 2, needed: 3))
        #expect(stabilizer.observe([qr], at: ms(200)) == .taken(qr))
    }

    @Test func anEANWithAGoodCheckDigitIsTakenOnTwo() {
        var stabilizer = ReadingStabilizer()
        let ean = code(.ean13, "4006381333931")
        _ = stabilizer.observe([ean], at: ms(0))
        #expect(stabilizer.observe([ean], at: ms(40)) == .taken(ean))
        #expect(ReadingStabilizer.carriesOwnCheck(code(.upcA, "042100005264")))
        #expect(!ReadingStabilizer.carriesOwnCheck(code(.ean13, "4006381333932")))
        #expect(!ReadingStabilizer.carriesOwnCheck(code(.code128, "4006381333931")))
    }

    @Test func framesOlderThanTheWindowDoNotCount() {
        var stabilizer = ReadingStabilizer()
        let qr = code(.qr, "A")
        _ = stabilizer.observe([qr], at: ms(0))
        _ = stabilizer.observe([qr], at: ms(1000))
        #expect(stabilizer.observe([qr], at: ms(2100)) == .seen(qr, frames: 2, needed: 3))
    }

    @Test func emptyFramesKeepTheCount() {
        var stabilizer = ReadingStabilizer()
        let qr = code(.qr, "A")
        _ = stabilizer.observe([qr], at: ms(0))
        #expect(stabilizer.observe([], at: ms(100)) == .seen(qr, frames: 1, needed: 3))
        _ = stabilizer.observe([qr], at: ms(200))
        #expect(stabilizer.observe([qr], at: ms(300)) == .taken(qr))
        var empty = ReadingStabilizer()
        #expect(empty.observe([], at: ms(0)) == .searching)
    }

    @Test func twoCodesInViewAreRefusedUntilOneHasBeenGoneAWholeWindow() {
        var stabilizer = ReadingStabilizer()
        let first = code(.qr, "A"), second = code(.ean13, "4006381333931")
        for time in stride(from: 0, through: 500, by: 100) {
            #expect(stabilizer.observe([first, second], at: ms(time)) == .ambiguous([first, second]))
        }
        #expect(stabilizer.observe([first], at: ms(600)) == .ambiguous([first, second]))
        #expect(stabilizer.observe([first], at: ms(2550)) == .seen(first, frames: 2, needed: 3))
        #expect(stabilizer.observe([first], at: ms(2590)) == .taken(first))
    }

    @Test func anotherReadingInTheWindowDisputesIt() {
        var stabilizer = ReadingStabilizer()
        let right = code(.code128, "12345"), misread = code(.code128, "12845"), sameTextOtherFormat = code(.code39, "12345")
        _ = stabilizer.observe([right], at: ms(0))
        _ = stabilizer.observe([misread], at: ms(100))
        #expect(stabilizer.observe([right], at: ms(200)) == .ambiguous([right, misread]))
        stabilizer.reset()
        _ = stabilizer.observe([right], at: ms(0))
        _ = stabilizer.observe([sameTextOtherFormat], at: ms(100))
        #expect(stabilizer.observe([right], at: ms(200)) == .ambiguous([right, sameTextOtherFormat]))
    }

    @Test func aDisputedReadingBlocksTheTake() {
        var stabilizer = ReadingStabilizer()
        let ean = code(.ean13, "4006381333931")
        _ = stabilizer.observe([ean], at: ms(0))
        #expect(stabilizer.observe([code(.ean13, "4006381333931", disputed: true)], at: ms(100)) != .taken(ean))
    }

    @Test func aCodeThatLeavesMidReadIsNotTakenAndTheNextOneIsOnceItAgesOut() {
        var stabilizer = ReadingStabilizer()
        let leaving = code(.qr, "LEAVES"), staying = code(.qr, "STAYS")
        _ = stabilizer.observe([leaving], at: ms(0))
        _ = stabilizer.observe([leaving], at: ms(100))
        _ = stabilizer.observe([], at: ms(200))
        #expect(stabilizer.observe([staying], at: ms(1000)) == .ambiguous([leaving, staying]))
        _ = stabilizer.observe([staying], at: ms(2050))
        #expect(stabilizer.observe([staying], at: ms(2150)) == .taken(staying))
    }
}
