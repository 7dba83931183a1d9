import Foundation
import Testing
import WalletCore
import WidgetEngine

@testable import App

@Suite struct WidgetSlotEditTests {
    private let first = CardSlot.card(UUID())
    private let second = CardSlot.card(UUID())
    private let third = CardSlot.card(UUID())

    @Test func aSlotMovesUpAndDownWithinTheList() {
        let slots = [first, second, third]
        #expect(WidgetSlotEdit.moving(slots, at: 1, by: -1) == [second, first, third])
        #expect(WidgetSlotEdit.moving(slots, at: 1, by: 1) == [first, third, second])
    }

    @Test func theEndsDoNotMovePastTheList() {
        let slots = [first, second]
        #expect(WidgetSlotEdit.moving(slots, at: 0, by: -1) == nil)
        #expect(WidgetSlotEdit.moving(slots, at: 1, by: 1) == nil)
        #expect(WidgetSlotEdit.moving(slots, at: 5, by: -1) == nil)
        #expect(WidgetSlotEdit.moving(slots, at: 0, by: 0) == nil)
    }

    @Test func removingTakesOutThatSlotOnly() {
        #expect(WidgetSlotEdit.removing([first, .empty, second], at: 1) == [first, second])
        #expect(WidgetSlotEdit.removing([first], at: 1) == nil)
    }

    @Test func addingPutsACardAtTheEndOnce() {
        guard case .card(let id) = second else { return }
        #expect(WidgetSlotEdit.adding(id, to: [first]) == [first, second])
        #expect(WidgetSlotEdit.adding(id, to: [second, first]) == [second, first])
    }

    /// The page leaves the family's maximum to the widget store: adding past it is refused there
    /// and nothing is written.
    @Test func theStoreRefusesMoreCardsThanTheFamilyHolds() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("widget-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let center = WidgetCenter(container: SharedContainer(url: home))
        let widget = try center.add(family: .small, mode: .manual, cards: [first])
        guard case .card(let id) = second else { return }
        #expect(throws: WidgetError.tooManyCards(.small, count: 2)) {
            try center.configure(widget.id, cards: WidgetSlotEdit.adding(id, to: widget.cards), mode: nil)
        }
        #expect(try center.widgets() == [widget])
        #expect(
            WidgetsController.sentence(WidgetError.tooManyCards(.small, count: 2))
                == "Too many cards for a small widget: 2 given, it holds at most 1")
    }

    @Test func aWidgetIsNamedByItsFamilyAndShortID() {
        let widget = WidgetConfiguration(id: "5e6f7a8b-0000-4000-8000-000000000000", family: .medium, mode: .recent, cards: [])
        #expect(WidgetNames.widget(widget) == "Medium widget 5e6f7a8b")
        #expect(WidgetNames.summary(widget, stores: [:]) == "Recent · No cards chosen")
    }
}
