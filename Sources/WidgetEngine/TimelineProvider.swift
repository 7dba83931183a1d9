import Foundation
import WalletCore

/// Builds what a widget shows: placeholder, gallery snapshot and the real timeline, from the
/// cards the widget side can read and the widget's configuration.
public struct TimelineProvider: Sendable {
    /// Suggested timelines look this far ahead for changes of the suggestion.
    public static let horizon: TimeInterval = 24 * 3600
    /// Entries are at least this far apart.
    public static let minimumSpacing: TimeInterval = 5 * 60

    private let reader: CardReading
    private let clock: WalletClock
    private let hours: HourOfWeek

    /// `timeZone` decides the hours of day and weekdays of the usage pattern.
    public init(reader: CardReading, clock: WalletClock, timeZone: TimeZone = .current) {
        self.reader = reader
        self.clock = clock
        hours = HourOfWeek(timeZone: timeZone)
    }

    /// Sample cards, drawn redacted; needs no data.
    public func placeholder(for family: WidgetFamily) -> TimelineEntry {
        TimelineEntry(
            date: clock.now(), family: family, slots: SampleCards.cards(for: family).map(DisplaySlot.card),
            kind: .placeholder, relevance: Relevance(score: 0, duration: 0))
    }

    /// The gallery preview: the current entry, or sample cards when the wallet holds none.
    public func preview(for configuration: WidgetConfiguration) throws(WidgetError) -> TimelineEntry {
        let cards = try CardSelection.readCards(reader)
        guard !cards.isEmpty else {
            var entry = placeholder(for: configuration.family)
            entry.kind = .sample
            return entry
        }
        return try timeline(for: configuration).entries[0]
    }

    /// The entry showing now (the first of the timeline).
    public func currentEntry(for configuration: WidgetConfiguration) throws(WidgetError) -> TimelineEntry {
        try timeline(for: configuration).entries[0]
    }

    /// The real timeline: one entry and policy `never` for manual and recent; for suggested an
    /// entry at every time the suggestion changes over the next 24 hours and policy `atEnd`.
    public func timeline(for configuration: WidgetConfiguration) throws(WidgetError) -> Timeline {
        let cards = try CardSelection.readCards(reader)
        let pattern: UsagePattern
        do {
            pattern = UsagePattern(events: try reader.usageEvents(), hours: hours)
        } catch {
            throw .cards(UnderlyingError(error))
        }
        let chooser = Chooser(configuration: configuration, cards: cards, pattern: pattern)
        let now = clock.now()
        var dates = [now]
        if configuration.mode == .suggested {
            dates += changeDates(after: now, chooser: chooser)
        }
        let entries = dates.enumerated().map { index, date in
            let end = index + 1 < dates.count ? dates[index + 1] : endOfHour(after: date)
            let slots = chooser.slots(at: date)
            let ids = slots.compactMap(\.card?.id)
            let score = ids.reduce(0) { $0 + pattern.score(of: $1, at: date) } / pattern.peakScore
            return TimelineEntry(
                date: date, family: configuration.family, slots: slots, kind: .timeline,
                relevance: Relevance(score: min(1, score), duration: end.timeIntervalSince(date)))
        }
        return Timeline(entries: entries, policy: configuration.mode == .suggested ? .atEnd : .never)
    }

    /// Hour boundaries within the horizon where the suggestion differs from the one before,
    /// moved later where needed so entries stay ``minimumSpacing`` apart.
    private func changeDates(after now: Date, chooser: Chooser) -> [Date] {
        var dates: [Date] = []
        var previousDate = now
        var previous = chooser.slots(at: now)
        var boundary = endOfHour(after: now)
        while boundary.timeIntervalSince(now) <= Self.horizon {
            let choice = chooser.slots(at: boundary)
            if choice != previous {
                let date = max(boundary, previousDate.addingTimeInterval(Self.minimumSpacing))
                dates.append(date)
                previousDate = date
                previous = choice
            }
            boundary = boundary.addingTimeInterval(3600)
        }
        return dates
    }

    private func endOfHour(after date: Date) -> Date {
        hours.startOfNextHour(after: date)
    }
}

/// Picks the slots of one configuration at a given time.
private struct Chooser {
    let configuration: WidgetConfiguration
    let cards: [Card]
    let pattern: UsagePattern

    func slots(at date: Date) -> [DisplaySlot] {
        let family = configuration.family
        switch configuration.mode {
        case .manual:
            let available = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return CardSelection.clean(configuration.cards, for: family, available: available)
        case .recent:
            return ranked(cards.map { _ in 0 })
        case .suggested:
            return ranked(cards.map { pattern.score(of: $0.id, at: date) })
        }
    }

    /// The family's worth of cards ordered by `scores` (highest first), then favorites, then the
    /// most recently used; remaining ties keep the reader's order (favorites, then name).
    private func ranked(_ scores: [Double]) -> [DisplaySlot] {
        let ordered = cards.indices.sorted { lhs, rhs in
            if scores[lhs] != scores[rhs] { return scores[lhs] > scores[rhs] }
            let (left, right) = (cards[lhs], cards[rhs])
            if configuration.mode == .suggested, left.favorite != right.favorite { return left.favorite }
            let (leftUse, rightUse) = (left.lastUsed ?? .distantPast, right.lastUsed ?? .distantPast)
            if leftUse != rightUse { return leftUse > rightUse }
            return lhs < rhs
        }
        return ordered.prefix(configuration.family.maxCards).map { .card(cards[$0]) }
    }
}
