import Foundation

/// The injectable clock: `WALLET_NOW` (ISO 8601) fixes "now" for tests and demos, and
/// `WALLET_CLOCK_RATE=R` makes the clock run from there R times faster than real time, so a
/// long-running process (the widget host) crosses entry dates and hours in seconds.
public struct WalletClock: Sendable {
    /// The clock's reading at `realOrigin`; nil: the system clock.
    private let origin: Date?
    /// The real instant the clock started at.
    private let realOrigin: Date
    /// Clock seconds per real second; 0: the clock stands still at `origin`.
    public let rate: Double

    /// The largest accepted `WALLET_CLOCK_RATE`: a day in under a tenth of a second.
    public static let maximumRate = 1_000_000.0

    private init(origin: Date?, rate: Double) {
        self.origin = origin
        realOrigin = Date()
        self.rate = rate
    }

    /// A clock that always answers `date`.
    public static func fixed(_ date: Date) -> WalletClock { WalletClock(origin: date, rate: 0) }

    /// A clock that reads `start` now and advances `rate` clock seconds per real second.
    public static func running(from start: Date, rate: Double) -> WalletClock { WalletClock(origin: start, rate: rate) }

    /// The system clock.
    public static let system = WalletClock(origin: nil, rate: 1)

    /// Reads `WALLET_NOW` and `WALLET_CLOCK_RATE`; throws when either is set but malformed.
    ///
    /// Without a rate, `WALLET_NOW` fixes the clock, unless `running` (a long-running process,
    /// where `WALLET_NOW` only says where the clock starts and it then runs at real speed).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessEnvironment.current,
        running: Bool = false
    ) throws -> WalletClock {
        let rate = try Self.rate(environment["WALLET_CLOCK_RATE"])
        var start: Date?
        if let text = environment["WALLET_NOW"], !text.isEmpty {
            guard let date = ISO8601.parse(text) else { throw WalletClockError.invalidNow(text) }
            start = date
        }
        switch (start, rate) {
        case (nil, nil): return .system
        case (let start?, nil): return running ? .running(from: start, rate: 1) : .fixed(start)
        case (let start, let rate?): return .running(from: start ?? Date(), rate: rate)
        }
    }

    private static func rate(_ text: String?) throws -> Double? {
        guard let text, !text.isEmpty else { return nil }
        guard let rate = Double(text), rate.isFinite, rate > 0, rate <= maximumRate else {
            throw WalletClockError.invalidRate(text)
        }
        return rate
    }

    /// The current instant.
    public func now() -> Date {
        guard let origin else { return Date() }
        return origin.addingTimeInterval(Date().timeIntervalSince(realOrigin) * rate)
    }

    /// The real seconds until this clock reads `date` (0 when it already has; nil when the
    /// clock stands still and never will).
    public func realInterval(until date: Date) -> TimeInterval? {
        let ahead = date.timeIntervalSince(now())
        guard ahead > 0 else { return 0 }
        guard rate > 0 else { return nil }
        return ahead / rate
    }
}

/// `WALLET_NOW` or `WALLET_CLOCK_RATE` could not be read.
public enum WalletClockError: Error, CustomStringConvertible {
    case invalidNow(String)
    case invalidRate(String)

    public var description: String {
        switch self {
        case .invalidNow(let text):
            "WALLET_NOW '\(text)' is not an ISO 8601 date-time: use e.g. 2026-11-22T09:30:00Z"
        case .invalidRate(let text):
            "WALLET_CLOCK_RATE '\(text)' is not a positive number up to \(Int(WalletClock.maximumRate)): use e.g. 60 for a minute per second"
        }
    }
}
