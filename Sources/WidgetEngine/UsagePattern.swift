import Foundation
import WalletCore

/// How often each card was opened in each hour of the week, and the scores the suggested mode
/// and the relevance of entries derive from it.
///
/// A use at the same weekday and hour counts 4; at the same hour on another day 1; in the hour
/// before or after on the same weekday 1. Hours and weekdays are local to `hours`' time zone.
struct UsagePattern {
    private static let hoursPerWeek = HourOfWeek.count
    private let hours: HourOfWeek
    /// Card id -> opens per hour of the week (index weekday * 24 + hour).
    private let counts: [UUID: [Int]]
    /// The highest combined score of all cards in any hour of the week (at least 1).
    let peakScore: Double

    init(events: [UsageEvent], hours: HourOfWeek) {
        self.hours = hours
        var counts: [UUID: [Int]] = [:]
        for event in events {
            let slot = hours.index(of: event.date)
            counts[event.cardID, default: Array(repeating: 0, count: Self.hoursPerWeek)][slot] += 1
        }
        self.counts = counts
        var peak = 1.0
        for slot in 0..<Self.hoursPerWeek {
            let total = counts.values.reduce(0.0) { $0 + Self.score($1, slot: slot) }
            peak = max(peak, total)
        }
        peakScore = peak
    }

    /// How strongly the log says `card` is needed at `date`.
    func score(of card: UUID, at date: Date) -> Double {
        guard let perSlot = counts[card] else { return 0 }
        return Self.score(perSlot, slot: hours.index(of: date))
    }

    private static func score(_ perSlot: [Int], slot: Int) -> Double {
        let weekday = slot / 24
        let hour = slot % 24
        var total = 4.0 * Double(perSlot[slot])
        for otherDay in 0..<7 where otherDay != weekday {
            total += Double(perSlot[otherDay * 24 + hour])
        }
        let before = (slot + hoursPerWeek - 1) % hoursPerWeek
        let after = (slot + 1) % hoursPerWeek
        total += Double(perSlot[before] + perSlot[after])
        return total
    }
}
