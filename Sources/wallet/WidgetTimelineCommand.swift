import ArgumentParser
import Foundation
import WalletCore
import WidgetEngine

/// `wallet widget timeline`: the policy and entries the provider builds for a widget now.
struct WidgetTimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline", abstract: "Show a widget's timeline: reload policy, entries, relevance.")

    @OptionGroup var target: WidgetTarget
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let (side, configuration) = try target.resolve()
        let timeline = try side.provider().timeline(for: configuration)
        try side.recordDeliveries([configuration.id: timeline])
        if json {
            try WidgetJSON.print(TimelineJSON(timeline))
            return
        }
        print("policy: \(timeline.policy.name)")
        for entry in timeline.entries {
            var stores =
                entry.isEmptyState
                ? "(empty: choose cards)" : entry.slots.map { $0.card?.store ?? "none" }.joined(separator: ", ")
            if entry.family.traits.isOneLine { stores = entry.inlineText }
            if let stepping = entry.stepping { stores += "  (card \(stepping.index + 1) of \(stepping.count))" }
            let relevance = String(format: "%.2f for %.0f min", entry.relevance.score, entry.relevance.duration / 60)
            print("\(LocalTime.format(entry.date))  relevance \(relevance)  \(TerminalText.escaped(stores))")
        }
    }

    /// `{"policy": ..., "entries": [{"date", "cards": [ids], "relevance": {"score", "duration"}, "text"}]}`
    /// ("text" for inline lock-screen widgets only).
    struct TimelineJSON: Encodable {
        struct Entry: Encodable {
            var date: String
            var cards: [String]
            var relevance: Relevance
            /// The line an inline lock-screen widget shows (accessory-inline only).
            var text: String?
        }

        struct Relevance: Encodable {
            var score: Double
            var duration: Double
        }

        var policy: String
        var entries: [Entry]

        init(_ timeline: Timeline) {
            policy = timeline.policy.name
            entries = timeline.entries.map { entry in
                Entry(
                    date: ISO8601.format(entry.date), cards: entry.cards.map { $0.id.lowercasedText },
                    relevance: Relevance(
                        score: (entry.relevance.score * 1000).rounded() / 1000, duration: entry.relevance.duration),
                    text: entry.family.traits.isOneLine ? entry.inlineText : nil)
            }
        }
    }
}
