import Foundation
import Testing
import WalletCore

@Suite struct ClockRateTests {
    @Test func walletNowAloneFixesTheClockUnlessRunning() throws {
        let environment = ["WALLET_NOW": "2026-11-22T09:30:00Z"]
        let fixed = try WalletClock.fromEnvironment(environment)
        #expect(fixed.rate == 0)
        #expect(fixed.realInterval(until: ISO8601.parse("2026-11-22T10:00:00Z")!) == nil)
        let running = try WalletClock.fromEnvironment(environment, running: true)
        #expect(running.rate == 1)
        #expect(abs(running.now().timeIntervalSince(ISO8601.parse("2026-11-22T09:30:00Z")!)) < 5)
    }

    @Test func theRateScalesRealTime() throws {
        let clock = try WalletClock.fromEnvironment(["WALLET_NOW": "2026-11-22T09:30:00Z", "WALLET_CLOCK_RATE": "3600"])
        let interval = try #require(clock.realInterval(until: ISO8601.parse("2026-11-22T10:30:00Z")!))
        #expect(interval > 0.9 && interval <= 1.0)
        #expect(clock.realInterval(until: ISO8601.parse("2026-11-22T09:00:00Z")!) == 0)
    }

    @Test(arguments: ["0", "-2", "fast", "nan", "inf", "2000000"])
    func badRatesAreRefused(_ text: String) {
        #expect(throws: WalletClockError.self) {
            try WalletClock.fromEnvironment(["WALLET_CLOCK_RATE": text])
        }
    }
}
