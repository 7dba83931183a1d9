@testable import CardArt
import Foundation
import Glibc
import Testing
import WalletCore

/// The child process images are decoded in: its answer comes back, a hang is killed at the
/// deadline, a crash fails only the image.
@Suite struct ImageDecodeChildTests {
    @Test func anImageAndARefusalComeBackFromTheChild() {
        let image = CardImage(png: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), width: 300, height: 70_000)
        #expect(ImageDecodeChild.run(seconds: 10) { .success(image) } == .image(image))
        let refusal = ImageDecodeChild.run(seconds: 10) { .failure(.corrupt(name: "x", kind: "PNG", reason: "bad IDAT")) }
        #expect(refusal == .refused("bad IDAT"))
    }

    @Test func aHangIsKilledAtTheDeadline() {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = ImageDecodeChild.run(seconds: 0.2) {
            sleep(30)
            return .failure(.empty(name: "never"))
        }
        #expect(outcome == .timedOut)
        #expect(clock.now - start < .seconds(10))
    }

    @Test func aCrashFailsTheImageNotTheWallet() {
        let outcome = ImageDecodeChild.run(seconds: 10) {
            raise(SIGSEGV)
            return .failure(.empty(name: "never"))
        }
        #expect(outcome == .crashed(signal: SIGSEGV))
    }

    @Test func theIntakeReportsItsDeadline() throws {
        let png = Data(try PNGFixture.noise(width: 1000, height: 1000))
        let intake = CardImageIntake(limits: CardImageLimits(maxFileBytes: 16 << 20, maxPixels: 40_000_000, seconds: 0.001))
        #expect(throws: CardImageError.timedOut(name: "slow.png", seconds: 0.001)) {
            try intake.image(png, name: "slow.png", role: .front)
        }
    }
}
