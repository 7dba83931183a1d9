import Foundation

/// Read-only access to the wallet's cards: all the widget side may see.
///
/// `CardReader` implements it over the shared database; tests may implement it over fixtures.
public protocol CardReading: Sendable {
    /// Cards ordered favorites first, then by store name; archived cards only when asked.
    func cards(includeArchived: Bool) throws -> [Card]
    /// The card with this id, or nil when it no longer exists.
    func card(id: UUID) throws -> Card?
    /// Every recorded open of a card, oldest first.
    func usageEvents() throws -> [UsageEvent]
    /// A counter the app side bumps on every change a widget could show; equal values mean
    /// the widget's data is unchanged (the `WidgetCenter.reloadTimelines` signal).
    func dataGeneration() throws -> Int64
}
