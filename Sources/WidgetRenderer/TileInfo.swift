import Foundation
import WidgetEngine
import WalletCore

/// The card's own state as a tile shows it, most important first: balance or points, expiry,
/// then the pass's primary field. What does not fit a tile is dropped from the end of this list
/// (the code, the number and the name or logo always come first and are never dropped for it).
public struct TileInfo: Equatable {
    /// One line of information.
    public struct Line: Equatable {
        public let text: String
        /// Drawn in semibold: an expiry within a week, or past.
        public let emphasised: Bool
        /// A shorter form for narrow places ("Exp. in 5 days"), when there is one.
        public var short: String?
        /// The card's balance or points: on a gift card the point of the card, shown before
        /// the expiry wherever a state line fits (``headline``).
        var isBalance = false

        /// The forms to try, longest first.
        var forms: [String] { [text] + (short.map { [$0] } ?? []) }
    }

    /// Lines in priority order.
    public let lines: [Line]

    init(lines: [Line]) {
        self.lines = lines
    }

    /// Days before expiry from which the expiry is emphasised (and the timeline gives the tile an
    /// entry at each midnight: `TimelineProvider.countdownDays`).
    static let soonDays = TimelineProvider.countdownDays

    /// The information of `card` as of `date` (days counted in `timeZone`).
    public init(card: Card, date: Date, timeZone: TimeZone = .current) {
        var lines: [Line] = []
        if let balance = card.balance {
            lines.append(Line(text: "\(balance) \(card.currency ?? "points")", emphasised: false, isBalance: true))
        }
        if let expiry = card.expiry, let days = CardDate.days(from: date, to: expiry, in: timeZone) {
            lines.append(Self.expiryLine(days: days, day: expiry))
        }
        if let pass = card.pass {
            lines += Self.passLines(pass, balance: card.balance, at: date, timeZone: timeZone)
        }
        self.lines = lines
    }

    /// What a pass adds, in priority order: the issuer's unread message, its first front field
    /// that is not the balance ("Tier Gold", "Gate 4"), and for a live pass when it was last
    /// updated ("Updated 14:05", or "Not updated since 23 Nov" emphasised once stale).
    static func passLines(_ pass: LivePass, balance: String?, at date: Date, timeZone: TimeZone) -> [Line] {
        var lines: [Line] = []
        if let message = pass.message, !message.isEmpty {
            lines.append(Line(text: message, emphasised: true))
        }
        let balanceValue = balance.flatMap { Decimal(string: $0) }
        let isBalance = { (field: LiveField) in
            field.value == balance || (balanceValue != nil && Decimal(string: field.value) == balanceValue)
        }
        if let field = pass.frontFields.first(where: { !$0.value.isEmpty && !isBalance($0) }) {
            let text = [field.label, field.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            lines.append(Line(text: text, emphasised: false, short: field.value))
        }
        if pass.isLive, let updated = pass.updatedAt {
            lines.append(freshnessLine(updated: updated, at: date, timeZone: timeZone))
        }
        return lines
    }

    /// "Updated 14:05" the same day, "Updated 23 Nov" before; past the stale age, "Not updated
    /// since ..." emphasised (``LivePass/staleAge``). Absolute times, so a snapshot stays true
    /// while it is shown; the timeline has an entry at the moment it turns stale.
    static func freshnessLine(updated: Date, at date: Date, timeZone: TimeZone) -> Line {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = calendar.isDate(updated, inSameDayAs: date) ? "HH:mm" : "d MMM"
        let when = formatter.string(from: updated)
        if date.timeIntervalSince(updated) > LivePass.staleAge {
            return Line(text: "Not updated since \(when)", emphasised: true, short: "Stale: \(when)")
        }
        return Line(text: "Updated \(when)", emphasised: false, short: when)
    }

    /// "Expired", "Expires today", "Expires tomorrow", "Expires in 5 days" (emphasised within a
    /// week), else "Expires 2026-12-31".
    static func expiryLine(days: Int, day: String) -> Line {
        switch days {
        case ..<0: Line(text: "Expired", emphasised: true)
        case 0: Line(text: "Expires today", emphasised: true, short: "Ends today")
        case 1: Line(text: "Expires tomorrow", emphasised: true, short: "Ends tomorrow")
        case 2...soonDays: Line(text: "Expires in \(days) days", emphasised: true, short: "\(days) days left")
        default: Line(text: "Expires \(day)", emphasised: false, short: "Exp. \(day)")
        }
    }

    /// The line a header shows beside the name: the balance first (a gift card's point), else
    /// an urgent expiry, else the first line.
    var headline: Line? {
        lines.first { $0.isBalance } ?? lines.first { $0.emphasised } ?? lines.first
    }
}
