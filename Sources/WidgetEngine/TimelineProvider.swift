import Foundation
import WalletCore
internal import FileOutput

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
        let chooser = try chooser(for: configuration)
        let now = clock.now()
        var dates = [now]
        if configuration.mode == .suggested {
            dates += changeDates(after: now, chooser: chooser)
        }
        let shown = chooser.choice(at: now).slots.compactMap(\.card)
        dates = Array(
            Set(
                dates + expiryMidnights(after: now, cards: shown) + staleMoments(after: now, cards: shown)
                    + relevanceMoments(after: now, cards: shown))
        ).sorted()
        var entries = dates.enumerated().map { index, date in
            let end = index + 1 < dates.count ? dates[index + 1] : endOfHour(after: date)
            let choice = chooser.choice(at: date)
            let ids = choice.slots.compactMap(\.card?.id)
            let pattern = chooser.pattern
            let used = ids.reduce(0) { $0 + pattern.score(of: $1, at: date) } / pattern.peakScore
            // A pass whose relevantDate is within the hour (a flight, a show) is as relevant as it gets.
            let score = choice.slots.contains { $0.card.map { Self.isRelevant($0, at: date) } ?? false } ? 1 : min(1, used)
            return TimelineEntry(
                date: date, family: configuration.family, slots: choice.slots, kind: .timeline,
                relevance: Relevance(score: score, duration: end.timeIntervalSince(date)),
                stepping: choice.stepping, mode: configuration.mode)
        }
        let logos = try logos(of: entries.flatMap(\.cards))
        for index in entries.indices {
            entries[index].logos = logos.filter { id, _ in entries[index].cards.contains { $0.id == id } }
        }
        return Timeline(entries: entries, policy: configuration.mode == .suggested ? .atEnd : .never)
    }

    /// Hour boundaries within the horizon where the suggestion differs from the one before,
    /// moved later where needed so entries stay ``minimumSpacing`` apart.
    private func changeDates(after now: Date, chooser: Chooser) -> [Date] {
        var dates: [Date] = []
        var previousDate = now
        var previous = chooser.choice(at: now)
        var boundary = endOfHour(after: now)
        while boundary.timeIntervalSince(now) <= Self.horizon {
            let choice = chooser.choice(at: boundary)
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

    /// How long before and after a pass's `relevantDate` it is relevant.
    public static let relevanceWindow: TimeInterval = 3600

    /// True when `card`'s pass is relevant at `date`: its `relevantDate` within the hour.
    static func isRelevant(_ card: Card, at date: Date) -> Bool {
        guard let relevant = card.pass?.relevantDate else { return false }
        return abs(relevant.timeIntervalSince(date)) <= relevanceWindow
    }

    /// When a shown pass becomes relevant and stops being so (its `relevantDate` plus or minus
    /// ``relevanceWindow``), where still ahead: entries there carry the raised relevance score
    /// of a lock-screen or stacked widget for that hour.
    func relevanceMoments(after now: Date, cards: [Card]) -> [Date] {
        cards.compactMap(\.pass?.relevantDate).flatMap { relevant in
            [relevant.addingTimeInterval(-Self.relevanceWindow), relevant.addingTimeInterval(Self.relevanceWindow + 1)]
        }.filter { $0 > now }
    }

    /// When a shown live card's data turns stale (``LivePass/staleAge`` after its last pull), if
    /// that is still ahead: its tile then says so, without a reload.
    func staleMoments(after now: Date, cards: [Card]) -> [Date] {
        cards.compactMap { card in
            guard let pass = card.pass, pass.isLive, let updated = pass.updatedAt else { return nil }
            let stale = updated.addingTimeInterval(LivePass.staleAge + 1)
            return stale > now ? stale : nil
        }
    }

    /// The logo PNGs of the cards that have one, read in one query (none for cards without).
    private func logos(of cards: [Card]) throws(WidgetError) -> [UUID: Data] {
        let ids = Array(Set(cards.filter { $0.art.has(.logo) }.map(\.id)))
        guard !ids.isEmpty else { return [:] }
        do {
            return try reader.images(.logo, of: ids).mapValues(\.png)
        } catch {
            throw .cards(UnderlyingError(error))
        }
    }

    /// Days before its expiry from which a card's tile counts the days down ("Expires in 5 days").
    public static let countdownDays = 7

    /// Each local midnight on which a shown card's expiry line changes: while it counts down
    /// (the last ``countdownDays`` days) and the midnight it turns "Expired". Entry dates are free,
    /// so the tile changes on the day without a reload.
    func expiryMidnights(after now: Date, cards: [Card]) -> [Date] {
        let daysLeft = cards.compactMap { card -> Int? in
            guard let expiry = card.expiry, let left = CardDate.days(from: now, to: expiry, in: hours.timeZone) else {
                return nil
            }
            return left >= 0 ? left : nil
        }
        // Without a card still to expire, no Calendar is made (Foundation's is costly at start-up:
        // bench/results.md, "Reference measurements", "a Calendar only when ...").
        guard !daysLeft.isEmpty else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = hours.timeZone
        let today = calendar.startOfDay(for: now)
        var midnights = Set<Date>()
        for left in daysLeft {
            // From the day the countdown starts to the day after expiry ("Expired"), from tomorrow on.
            for offset in max(1, left - Self.countdownDays)...(left + 1) {
                if let midnight = calendar.date(byAdding: .day, value: offset, to: today) { midnights.insert(midnight) }
            }
        }
        return midnights.sorted()
    }

    /// The ids of every card a widget in a ranked mode ranks now, best first (what its
    /// previous/next buttons step through); empty in manual mode.
    public func ranking(for configuration: WidgetConfiguration) throws(WidgetError) -> [UUID] {
        try chooser(for: configuration).ranking(at: clock.now()).map(\.id)
    }

    /// The chooser over the wallet's cards (archived ones left out), each carrying the color
    /// it is shown in (`WalletColors`, assigned over the whole wallet, archived cards
    /// included): a card has the same color in every widget, whichever cards share it.
    private func chooser(for configuration: WidgetConfiguration) throws(WidgetError) -> Chooser {
        let all = try CardSelection.readCards(reader, includeArchived: true)
        let colors = WalletColors(all)
        let cards = all.filter { !$0.archived }.map(colors.shown)
        do {
            return Chooser(
                configuration: configuration, cards: cards,
                pattern: UsagePattern(events: try reader.usageEvents(), hours: hours))
        } catch {
            throw .cards(UnderlyingError(error))
        }
    }

    private func endOfHour(after date: Date) -> Date {
        hours.startOfNextHour(after: date)
    }
}

/// What one configuration shows at a given time: its slots and, for a one-card widget that steps
/// through ranked cards, where it stands.
private struct Choice: Equatable {
    var slots: [DisplaySlot]
    var stepping: Stepping?
}

/// Picks the slots of one configuration at a given time.
private struct Chooser {
    let configuration: WidgetConfiguration
    let cards: [Card]
    let pattern: UsagePattern

    func choice(at date: Date) -> Choice {
        let family = configuration.family
        guard configuration.mode.isRanked else {
            let available = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return Choice(slots: CardSelection.clean(configuration.cards, for: family, available: available))
        }
        let ranked = ranking(at: date)
        guard configuration.stepsThroughCards, !ranked.isEmpty else {
            return Choice(slots: ranked.prefix(family.maxCards).map(DisplaySlot.card))
        }
        let index = CardPosition.index(configuration.position, in: ranked.map(\.id))
        return Choice(slots: [.card(ranked[index])], stepping: Stepping(index: index, count: ranked.count))
    }

    /// Every card the ranked mode offers at `date`, best first (empty in manual mode).
    func ranking(at date: Date) -> [Card] {
        switch configuration.mode {
        case .manual: []
        case .recent: ranked(cards.map { _ in 0 })
        case .suggested: ranked(cards.map { pattern.score(of: $0.id, at: date) })
        case .favorites: cards.filter(\.favorite)
        }
    }

    /// The cards ordered by `scores` (highest first), then favorites, then the most recently
    /// used; remaining ties keep the reader's order (favorites, then name).
    private func ranked(_ scores: [Double]) -> [Card] {
        let ordered = cards.indices.sorted { lhs, rhs in
            if scores[lhs] != scores[rhs] { return scores[lhs] > scores[rhs] }
            let (left, right) = (cards[lhs], cards[rhs])
            if configuration.mode == .suggested, left.favorite != right.favorite { return left.favorite }
            let (leftUse, rightUse) = (left.lastUsed ?? .distantPast, right.lastUsed ?? .distantPast)
            if leftUse != rightUse { return leftUse > rightUse }
            return lhs < rhs
        }
        return ordered.map { cards[$0] }
    }
}
