import Foundation

/// The injectable clock: `WALLET_NOW` (ISO 8601) fixes "now" for tests and demos.
public struct WalletClock: Sendable {
    private let fixed: Date?

    /// A clock that always answers `date`.
    public static func fixed(_ date: Date) -> WalletClock { WalletClock(fixed: date) }

    /// The system clock.
    public static let system = WalletClock(fixed: nil)

    /// Reads `WALLET_NOW`; throws when it is set but not ISO 8601.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> WalletClock {
        guard let text = environment["WALLET_NOW"], !text.isEmpty else { return .system }
        guard let date = ISO8601.parse(text) else { throw WalletClockError.invalidNow(text) }
        return .fixed(date)
    }

    /// The current instant.
    public func now() -> Date { fixed ?? Date() }
}

/// `WALLET_NOW` could not be read.
public enum WalletClockError: Error, CustomStringConvertible {
    case invalidNow(String)

    public var description: String {
        switch self {
        case .invalidNow(let text):
            "WALLET_NOW '\(text)' is not an ISO 8601 date-time: use e.g. 2026-11-22T09:30:00Z"
        }
    }
}

/// ISO 8601 parsing and formatting in one place (with or without fractional seconds).
public enum ISO8601 {
    /// Parses `2026-11-22T09:30:00Z`, `2026-11-22T09:30:00.250+01:00` and the like.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// Formats as `2026-11-22T09:30:00Z` (UTC, whole seconds, rounded down).
    ///
    /// Written by hand: listing 10,000 cards formats 20,000 dates, and a formatter per call
    /// would dominate the run time.
    public static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
