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
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int32, at offset: Int, digits: Int) {
            var value = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(parts.tm_year + 1900, at: 0, digits: 4)
        put(parts.tm_mon + 1, at: 5, digits: 2)
        put(parts.tm_mday, at: 8, digits: 2)
        put(parts.tm_hour, at: 11, digits: 2)
        put(parts.tm_min, at: 14, digits: 2)
        put(parts.tm_sec, at: 17, digits: 2)
        for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            bytes[offset] = UInt8(ascii: separator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
