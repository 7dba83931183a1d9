import Foundation

/// Times as people read them in human output: the local time zone (`$TZ`), to the minute,
/// "2026-11-27 16:41". JSON output keeps ISO 8601 in UTC for scripts.
public enum LocalTime {
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    /// `date` in the local time zone, to the minute.
    public static func format(_ date: Date) -> String { formatter.string(from: date) }
}
