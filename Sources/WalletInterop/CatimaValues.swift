import Foundation
import WalletCore

/// How Catima writes individual values, both ways.
///
/// Units, from Catima's own exporter: `expiry` and `validfrom` are Java `Date.getTime()` values,
/// i.e. **milliseconds** since 1970 (a calendar day at local midnight); `lastused` is Unix
/// **seconds**. Files from other tools mix the two, so on import a timestamp that as seconds
/// would fall after the year 2200 (7,258,118,400 and up) is read as milliseconds, anything smaller
/// as seconds. (The older cut at 10^11, March 1973 in milliseconds, read the days Catima writes
/// for 1970 to 1973 as seconds, thousands of years off.) On export the units are Catima's own.
struct CatimaValues {
    /// The zone in which Catima's expiry instants are calendar days (the phone's; here the user's).
    let timeZone: TimeZone
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Barcode types Catima can store that the wallet cannot draw.
    static let unsupportedBarcodeTypes: Set<String> = ["MAXICODE", "RSS_14", "RSS_EXPANDED"]

    /// An integer field, or nil when empty.
    static func integer(_ text: String, field: String) throws(LocatedProblem) -> Int64? {
        let trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int64(trimmed) else { throw LocatedProblem(.invalidNumber(field: field, value: text)) }
        return value
    }

    /// A 0/1 flag (Catima treats anything but 1 as 0); empty means 0.
    static func flag(_ text: String, field: String) throws(LocatedProblem) -> Bool {
        try integer(text, field: field) == 1
    }

    /// Seconds since 1970 of 2200-01-01T00:00Z: no loyalty-card date lies beyond it.
    static let latestSeconds: Int64 = 7_258_118_400

    /// The instant a timestamp stands for, reading values past ``latestSeconds`` as milliseconds.
    /// (`magnitude`, not `abs`: `abs(Int64.min)` traps.)
    static func instant(_ value: Int64) -> Date {
        let seconds = value.magnitude >= latestSeconds.magnitude ? Double(value) / 1000 : Double(value)
        return Date(timeIntervalSince1970: seconds)
    }

    /// Instants outside the years 1-9999 (seconds since 1970): no card date lies there, and
    /// calendar arithmetic far outside them is not meaningful.
    private static let representableSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// ``instant(_:)`` of `value`, refused when it falls outside the years 1-9999.
    static func checkedInstant(_ value: Int64, field: String) throws(LocatedProblem) -> Date {
        let instant = instant(value)
        guard representableSeconds.contains(instant.timeIntervalSince1970) else {
            throw LocatedProblem(.invalidDate(field: field, value: String(value)))
        }
        return instant
    }

    /// `YYYY-MM-DD` of a Catima date field, or nil when empty.
    func day(_ text: String, field: String) throws(LocatedProblem) -> String? {
        guard let value = try Self.integer(text, field: field) else { return nil }
        let instant = try Self.checkedInstant(value, field: field)
        let components = calendar.dateComponents([.year, .month, .day], from: instant)
        guard let year = components.year, let month = components.month, let day = components.day,
            (1...9999).contains(year)
        else {
            throw LocatedProblem(.invalidDate(field: field, value: text))
        }
        return CardDate.string(year: year, month: month, day: day)
    }

    /// Catima's expiry value (milliseconds at local midnight) for `YYYY-MM-DD`, or "" when nil.
    func milliseconds(day: String?) -> String {
        guard let day, let (year, month, dayOfMonth) = CardDate.parts(day),
            let date = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth))
        else {
            return ""
        }
        return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// A balance as a plain decimal string (`12.50`, `-3`), or nil when empty.
    static func balance(_ text: String) throws(LocatedProblem) -> String? {
        var trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("+") { trimmed.removeFirst() }
        let unsigned = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        guard CardValueRules.isDecimal(unsigned) else {
            throw LocatedProblem(.invalidNumber(field: "balance", value: text))
        }
        return trimmed
    }

    /// True for `0`, `0.00`, `-0` and the like.
    static func isZero(_ balance: String) -> Bool {
        balance.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
    }

    /// An ISO 4217 code in upper case, or nil when empty (points).
    static func currency(_ text: String) throws(LocatedProblem) -> String? {
        let trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return nil }
        guard let code = CardValueRules.currencyCode(trimmed) else { throw LocatedProblem(.invalidCurrency(text)) }
        return code
    }
}

extension CatimaValues {
    /// ISO 4217 codes Java's `Currency.getInstance` (Catima's importer) accepts.
    static let isoCurrencies = Set(Locale.commonISOCurrencyCodes)

    /// Catima's `balancetype` for a card's currency: the code when ISO 4217 has it, else empty
    /// (points), since Catima refuses a whole backup over one unknown code.
    static func balanceType(_ currency: String?) -> String {
        guard let currency, isoCurrencies.contains(currency.uppercased()) else { return "" }
        return currency.uppercased()
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
