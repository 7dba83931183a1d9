import Foundation
internal import CAdw
import WalletCore
import WidgetHost

/// What the window does: reads and writes cards through the card repository (one transaction
/// per change, like the CLI), follows the store's changes (``StoreWatch``), holds the idle
/// inhibitor while a card is shown, and defers a removal until its "Undo" toast is gone.
final class WalletController {
    private let application: ObjectHandle
    private let window: MainWindow
    private let repository: CardRepository
    private let clock: WalletClock
    private let loader: CardListLoader
    private let colors: ShownColors
    private var watch: StoreWatch?
    private var shownCard: Card?
    private var editing: Card?
    private var inhibitCookie: guint = 0
    private var pendingRemovals: Set<UUID> = []
    private var generation: Int64 = -1
    private let widgets: WidgetsController
    private let sync: SyncController
    private var adding: AddController?
    private var cardActions: CardActions?
    private var livePassActions: LivePassActions?
    private var logo: LogoEditor?

    init(application: ObjectHandle, window: MainWindow, repository: CardRepository, clock: WalletClock) {
        self.application = application
        self.window = window
        self.repository = repository
        self.clock = clock
        widgets = WidgetsController(page: window.widgetsPage, container: repository.container, cards: repository, clock: clock)
        sync = SyncController(page: window.syncPage, container: repository.container, clock: clock)
        colors = ShownColors(repository: repository)
        loader = CardListLoader(repository: repository, colors: colors)
        window.widgetsButton.on("clicked") { [weak self] in self?.showPage("widgets", title: tr("Widgets")) }
        window.syncButton.on("clicked") { [weak self] in self?.showPage("sync", title: tr("Sync")) }
        window.cards.logos = LogoCache(repository: repository)
        window.cards.shelves.onChange = { [weak self] _ in self?.reloadList() }
        window.cards.onOpen = { [weak self] id in self?.open(id) }
        window.cards.onSearch = { [weak self] _ in self?.reloadList() }
        window.cards.addButton.on("clicked") { [weak self] in self?.startAdding() }
        window.onBack = { [weak self] in self?.leaveDetail() }
        window.card.onFavorite = { [weak self] favorite in self?.setFavorite(favorite) }
        window.card.edit.on("clicked") { [weak self] in self?.startEditing() }
        window.card.remove.on("clicked") { [weak self] in self?.removeShownCard() }
        window.form.save.on("clicked") { [weak self] in self?.save() }
        logo = LogoEditor(window: window, repository: repository)
        cardActions = CardActions(window: window, repository: repository)
        cardActions?.onArchived = { [weak self] id, archived in
            if archived, self?.shownCard?.id == id { self?.leaveDetail() }
            self?.reloadList()
        }
        livePassActions = LivePassActions(window: window, repository: repository, clock: clock)
        livePassActions?.onChanged = { [weak self] id in self?.cardChanged(id) }
        adding = AddController(window: window, repository: repository, clock: clock)
        adding?.onSaved = { [weak self] id in
            self?.reloadList()
            if let id { self?.open(id) } else { self?.leaveDetail() }
        }
        window.addShortcut("<Control>n") { [weak self] in
            self?.startAdding()
            return true
        }
        window.addShortcut("<Control>f") { [weak self] in
            self?.leaveDetail()
            self?.window.cards.focusSearch()
            return true
        }
        window.card.barcode.onModuleSize = { [weak self] size in
            if size > 0 { BenchProbe.shared?.codeDrawn() }
            guard let card = self?.shownCard else { return }
            AppEvents.emit("barcode", ["card": card.id.lowercasedText, "moduleSize": size])
        }
        do {
            watch = try StoreWatch(container: repository.container) { [weak self] change in self?.storeChanged(change) }
        } catch {
            AppEvents.emit("error", ["message": "changes made elsewhere will not show until restart: \(error)"])
        }
        showList(Result { try loader.loadNow(listRequest) })
    }

    /// Goes where `link` points: the list, or a card's page.
    func route(_ link: DeepLink) {
        switch link {
        case .app: leaveDetail()
        case .card(let id): open(id)
        }
    }

    /// Commits removals still waiting for their toast (the app is quitting).
    func finish() {
        for id in pendingRemovals { try? repository.remove(id: id) }
        pendingRemovals = []
        releaseInhibitor()
    }

    // MARK: The list

    /// Reads the list again in the background (``CardListLoader``); it shows when read.
    private func reloadList() {
        loader.load(listRequest) { [weak self] result in self?.showList(result) }
    }

    /// What the list shows now: the search, the chosen shelf, less removals waiting for their toast.
    private var listRequest: CardListLoader.Request {
        CardListLoader.Request(search: window.cards.searchText, shelf: window.cards.shelves.selected, hidden: pendingRemovals)
    }

    private func showList(_ result: Result<CardListLoader.Listing, any Error>) {
        do {
            let listing = try result.get()
            generation = listing.generation
            let count = window.cards.show(listing, now: clock.now())
            AppEvents.emit(
                "list",
                [
                    "count": count, "search": listing.search, "generation": Int(generation),
                    "shelf": window.cards.shelves.selected.title,
                ])
        } catch {
            window.toast(tr("The cards cannot be read: %@", "\(error)"))
        }
    }

    /// Something was written elsewhere: the widgets page is read again when the widgets changed
    /// (or, while it shows, the cards it offers), the list and the shown card when the cards did.
    private func storeChanged(_ change: ContainerChange) {
        if change.contains(.widgets) { widgets.widgetsChanged() }
        guard change.contains(.data), let now = try? repository.dataGeneration(), now != generation else { return }
        reloadList()
        if window.detailName == "widgets" { widgets.reload() }
        guard let shown = shownCard else { return }
        if let card = try? repository.card(id: shown.id), !pendingRemovals.contains(card.id) {
            shownCard = card
            showCardPage(card)
        } else {
            leaveDetail()
        }
    }

    // MARK: A card

    /// Card `id` changed in this window (an "Update now" applied, a version brought back): the
    /// list, and the page when it shows that card, show the new values at once.
    private func cardChanged(_ id: UUID) {
        reloadList()
        guard shownCard?.id == id, let card = try? repository.card(id: id) else { return }
        shownCard = card
        showCardPage(card)
    }

    private func open(_ id: UUID) {
        guard !pendingRemovals.contains(id), let card = try? repository.card(id: id) else {
            window.toast(tr("This card is no longer in the wallet"))
            AppEvents.emit("missing", ["card": id.lowercasedText])
            return
        }
        editing = nil
        shownCard = card
        showCardPage(card)
        window.showDetail("card", title: card.store)
        holdInhibitor()
        let repository = repository
        DispatchQueue.global(qos: .utility).async { _ = try? repository.recordUse(of: id) }
        AppEvents.emit("shown", ["page": "card", "card": id.lowercasedText, "store": card.store])
    }

    /// Fills the card page with `card`, in the color its widgets show it in (its own color when
    /// the wallet cannot be read for the others').
    private func showCardPage(_ card: Card) {
        let color = (try? colors.current())?.color(of: card) ?? card.color
        window.card.show(card, color: color, now: clock.now())
    }

    private func leaveDetail() {
        adding?.cancel()
        shownCard = nil
        editing = nil
        releaseInhibitor()
        window.showList()
        AppEvents.emit("shown", ["page": "cards"])
    }

    /// The screen does not dim or lock while a card is shown (`gtk_application_inhibit`, idle).
    private func holdInhibitor() {
        guard inhibitCookie == 0 else { return }
        inhibitCookie = gtk_application_inhibit(
            application.typed(), window.window.typed(), GTK_APPLICATION_INHIBIT_IDLE, tr("A card is shown at the till"))
        AppEvents.emit("inhibit", ["held": inhibitCookie != 0])
    }

    private func releaseInhibitor() {
        guard inhibitCookie != 0 else { return }
        gtk_application_uninhibit(application.typed(), inhibitCookie)
        inhibitCookie = 0
        AppEvents.emit("inhibit", ["held": false])
    }

    private func setFavorite(_ favorite: Bool) {
        guard var card = shownCard else { return }
        card.fields.favorite = favorite
        do {
            _ = try repository.update(card)
            shownCard = card
            reloadList()
        } catch {
            window.toast(tr("Not saved: %@", "\(error)"))
        }
    }

    /// The widgets or the sync page ("widgets", "sync"), read afresh.
    private func showPage(_ name: String, title: String) {
        releaseInhibitor()
        shownCard = nil
        editing = nil
        if name == "sync" { sync.reload() } else { widgets.reload() }
        window.showDetail(name, title: title)
        AppEvents.emit("shown", ["page": name])
    }

    // MARK: Add, edit, remove

    private func startAdding() {
        releaseInhibitor()
        shownCard = nil
        editing = nil
        adding?.cancel()
        window.form.fill(nil)
        window.showDetail("form", title: tr("Add Card"))
        AppEvents.emit("shown", ["page": "add"])
    }

    private func startEditing() {
        guard let card = shownCard else { return }
        releaseInhibitor()
        editing = card
        window.form.fill(card.fields)
        logo?.edit(card)
        window.showDetail("form", title: tr("Edit Card"))
        AppEvents.emit("shown", ["page": "edit", "card": card.id.lowercasedText])
    }

    private func save() {
        let fields = window.form.fields(over: editing?.fields)
        do {
            let id: UUID
            if var card = editing {
                card.fields = fields
                _ = try repository.update(card)
                id = card.id
            } else {
                id = try repository.add(fields).id
            }
            AppEvents.emit("saved", ["card": id.lowercasedText])
            reloadList()
            open(id)
        } catch let refusal as CardValidationError {
            let text = refusal.description
            window.form.showMessage(text.prefix(1).uppercased() + text.dropFirst())
            AppEvents.emit("refused", ["message": text])
        } catch {
            window.form.showMessage(tr("Not saved: %@", "\(error)"))
            AppEvents.emit("refused", ["message": "\(error)"])
        }
    }

    private func removeShownCard() {
        guard let card = shownCard else { return }
        pendingRemovals.insert(card.id)
        leaveDetail()
        reloadList()
        var undone = false
        window.toast(
            tr("“%@” removed", card.store), button: tr("Undo"),
            onButton: { [weak self] in
                undone = true
                self?.pendingRemovals.remove(card.id)
                self?.reloadList()
                AppEvents.emit("undone", ["card": card.id.lowercasedText])
            },
            onDismissed: { [weak self] in
                guard let self, !undone, self.pendingRemovals.remove(card.id) != nil else { return }
                do {
                    try self.repository.remove(id: card.id)
                    AppEvents.emit("removed", ["card": card.id.lowercasedText])
                } catch {
                    self.window.toast(tr("Not removed: %@", "\(error)"))
                    self.reloadList()
                }
            })
    }
}
