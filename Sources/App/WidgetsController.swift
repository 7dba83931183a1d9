import Foundation
internal import CAdw
import WalletCore
import WidgetEngine

/// What the widgets page does: reads the installed widgets and the cards they can offer, and
/// saves each change through the widget store's own calls (`WidgetCenter.add`, `configure`,
/// `remove`, under its lock, logged as lifecycle events), the ones `wallet widget add`,
/// `configure` and `remove` make, so `wallet widget list` and a running host see them. The
/// store's refusal (`WidgetError`: more cards than the family holds) is shown in the page and
/// nothing is saved.
final class WidgetsController {
    private let page: WidgetsPage
    private let center: WidgetCenter
    private let cards: CardReading
    private var picked: String?
    private var widgets: [WidgetConfiguration] = []

    init(page: WidgetsPage, container: SharedContainer, cards: CardReading, clock: WalletClock) {
        self.page = page
        self.cards = cards
        center = WidgetCenter(container: container, clock: clock)
        page.onPick = { [weak self] id in self?.pick(id) }
        page.onMode = { [weak self] mode in self?.configure(cards: nil, mode: mode) }
        page.onMove = { [weak self] index, offset in
            guard let self, let slots = WidgetSlotEdit.moving(self.pickedSlots, at: index, by: offset) else { return }
            self.configure(cards: slots, mode: nil)
        }
        page.onRemoveSlot = { [weak self] index in
            guard let self, let slots = WidgetSlotEdit.removing(self.pickedSlots, at: index) else { return }
            self.configure(cards: slots, mode: nil)
        }
        page.onAddCard = { [weak self] card in
            guard let self else { return }
            self.configure(cards: WidgetSlotEdit.adding(card, to: self.pickedSlots), mode: nil)
        }
        page.addButton.on("clicked") { [weak self] in self?.addWidget() }
        page.removeButton.on("clicked") { [weak self] in self?.removePicked() }
    }

    private var pickedSlots: [CardSlot] { widgets.first { $0.id == picked }?.cards ?? [] }

    /// Reads the widgets and cards again and shows them (the page is about to show, or changed).
    func reload() {
        do {
            widgets = try center.widgets()
            if let picked, !widgets.contains(where: { $0.id == picked }) { self.picked = nil }
            if picked == nil, widgets.count == 1 { picked = widgets[0].id }
            let options = try CardSelection.options(reader: cards)
            let stores = Dictionary(
                try cards.cards(includeArchived: true).map { ($0.id, $0.store) }, uniquingKeysWith: { first, _ in first })
            page.show(widgets, picked: widgets.first { $0.id == picked }, options: options, stores: stores)
            AppEvents.emit("widgets", ["count": widgets.count, "picked": picked ?? ""])
        } catch {
            page.showRefusal(Self.sentence(error))
            AppEvents.emit("error", ["message": "\(error)"])
        }
    }

    /// The widget configuration was written, maybe by another process (`wallet widget add`,
    /// `configure`, `remove`): the page is read again unless it already shows what was written
    /// (the page's own saves come back this way too).
    func widgetsChanged() {
        guard let written = try? center.widgets(), written != widgets else { return }
        reload()
    }

    private func pick(_ id: String) {
        picked = id
        page.showRefusal(nil)
        reload()
    }

    private func configure(cards: [CardSlot]?, mode: SelectionMode?) {
        guard let picked else { return }
        apply("configured") { try center.configure(picked, cards: cards, mode: mode) }
    }

    private func addWidget() {
        apply("added") {
            let added = try center.add(family: page.chosenFamily, mode: .manual, cards: [])
            picked = added.id
            return added
        }
    }

    private func removePicked() {
        guard let picked else { return }
        apply("removed") {
            let removed = try center.remove(picked)
            self.picked = nil
            return removed
        }
    }

    /// Runs one change through the widget store: what it saved becomes a "widget" event; its
    /// refusal is shown in the page and becomes a "widgetRefused" event. The page is read again
    /// either way.
    private func apply(_ action: String, _ change: () throws -> WidgetConfiguration) {
        do {
            let widget = try change()
            page.showRefusal(nil)
            emit(action, widget)
        } catch {
            page.showRefusal(Self.sentence(error))
            var fields: [String: any Sendable] = ["message": "\(error)"]
            if let picked { fields["widget"] = picked }
            AppEvents.emit("widgetRefused", fields)
        }
        reload()
    }

    private func emit(_ action: String, _ widget: WidgetConfiguration) {
        AppEvents.emit(
            "widget",
            [
                "action": action, "widget": widget.id, "family": widget.family.rawValue, "mode": widget.mode.rawValue,
                "cards": widget.cards.map(\.description).joined(separator: ","),
            ])
    }

    /// The store's one-line message as a sentence ("Too many cards for a small widget: ...").
    static func sentence(_ error: Error) -> String {
        let text = "\(error)"
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
