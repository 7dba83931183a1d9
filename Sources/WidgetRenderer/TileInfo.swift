import Foundation
import WidgetEngine
import WalletCore

/// The card's own state as a tile shows it, most important first: balance or points, expiry,
/// then the pass's primary field. What does not fit a tile is dropped from the end of this list
/// (the code, the number and the name or logo always come first and are never dropped for it).
struct TileInfo: Equatable {
    /// One line of information.
    struct Line: Equatable {
        let text: String
        /// Drawn in semibold: an expiry within a week, or past.
        let emphasised: Bool
        /// A shorter form for narrow places ("Exp. in 5 days"), when there is one.
        var short: String?

        /// The forms to try, longest first.
        var forms: [String] { [text] + (short.map { [$0] } ?? []) }
    }

    /// Lines in priority order.
    let lines: [Line]

    init(lines: [Line]) {
        self.lines = lines
    }

    /// Days before expiry from which the expiry is emphasised (and the timeline gives the tile an
    /// entry at each midnight: `TimelineProvider.countdownDays`).
    static let soonDays = TimelineProvider.countdownDays

    /// The information of `card` as of `date` (days counted in `timeZone`).
    init(card: Card, date: Date, timeZone: TimeZone = .current) {
        var lines: [Line] = []
        if let balance = card.balance {
            lines.append(Line(text: "\(balance) \(card.currency ?? "points")", emphasised: false))
        }
        if let expiry = card.expiry, let days = CardDate.days(from: date, to: expiry, in: timeZone) {
            lines.append(Self.expiryLine(days: days, day: expiry))
        }
        self.lines = lines
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

    /// The line a linear code's header shows beside the name: an urgent expiry first, else the
    /// first line.
    var headline: Line? {
        lines.first { $0.emphasised } ?? lines.first
    }
}
