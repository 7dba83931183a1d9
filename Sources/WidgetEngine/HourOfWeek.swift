import Foundation

/// Hours of the week in a time zone, by arithmetic on the date (no calendar machinery: the
/// usage pattern asks this for every event and every candidate hour).
struct HourOfWeek: Sendable {
    static let count = 7 * 24
    let timeZone: TimeZone

    /// `weekday * 24 + hour`, weekday 0 = Sunday.
    func index(of date: Date) -> Int {
        let local = localSeconds(date)
        let days = Int((local / 86_400).rounded(.down))
        let weekday = ((days + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday
        let hour = (Int((local / 3600).rounded(.down)) % 24 + 24) % 24
        return weekday * 24 + hour
    }

    /// The start of the local hour after the one `date` is in.
    /// Computed in whole seconds (`date + (next - local)` would carry rounding error, and an
    /// hour boundary a fraction of a second off changes every stored expiry built on it).
    func startOfNextHour(after date: Date) -> Date {
        let offset = offsetSeconds(date)
        let local = date.timeIntervalSince1970 + offset
        return Date(timeIntervalSince1970: ((local / 3600).rounded(.down) + 1) * 3600 - offset)
    }

    private func localSeconds(_ date: Date) -> Double {
        date.timeIntervalSince1970 + offsetSeconds(date)
    }

    private func offsetSeconds(_ date: Date) -> Double {
        Double(timeZone.secondsFromGMT(for: date))
    }
}
