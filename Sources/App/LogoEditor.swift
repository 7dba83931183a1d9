import CardArt
import Foundation
import WalletCore

/// The edit page's "Choose logo" and "Remove logo", as `wallet card edit --logo FILE|none`: the
/// file read, bounded, decoded, scaled and re-encoded by ``CardImageIntake`` off the main loop,
/// then saved with the card in one transaction at once (a toast says so; the intake's refusal is
/// shown on the page, nothing saved).
final class LogoEditor {
    private let window: MainWindow
    private let repository: CardRepository
    private let chooser = FileChooser()
    private var card: UUID?

    init(window: MainWindow, repository: CardRepository) {
        self.window = window
        self.repository = repository
        window.form.more.chooseLogo.on("clicked") { [weak self] in self?.choose() }
        window.form.more.removeLogo.on("clicked") { [weak self] in self?.save(nil) }
    }

    /// The form now edits `card` (nil: it adds one, without logo buttons).
    func edit(_ card: Card?) {
        self.card = card?.id
        guard let card else { return }
        window.form.more.fill(groups: card.groups, hasLogo: card.art.roles.contains(.logo))
    }

    private func choose() {
        let filter = FileChooser.Filter(
            name: tr("Pictures"), mimeTypes: ["image/png", "image/jpeg"], patterns: ["*.png", "*.jpg", "*.jpeg"])
        chooser.open(over: window.window, title: tr("Choose a Logo"), accept: tr("Choose"), filters: [filter]) {
            [weak self] path in
            guard let self, let id = self.card else { return }
            MainLoop.background(
                { Self.read(path) },
                then: { [weak self] read in
                    guard let self, self.card == id else { return }
                    switch read {
                    case .success(let image): self.save(image)
                    case .failure(let error): self.refuse(error.description)
                    }
                })
        }
    }

    /// The logo of the file at `path`, or the intake's one-line refusal; safe off the main loop.
    static func read(_ path: String) -> Result<CardImage, CardImageError> {
        Result { () throws(CardImageError) in try CardImageIntake().image(fileAt: path, role: .logo) }
    }

    /// Saves `image` as the edited card's logo (nil removes it).
    private func save(_ image: CardImage?) {
        guard let id = card else { return }
        do {
            guard let card = try repository.card(id: id) else { return refuse(tr("This card is no longer in the wallet")) }
            let change = image.map { CardArtChange(images: [.logo: $0]) } ?? CardArtChange(removed: [.logo])
            _ = try repository.update(card, art: change)
            window.form.more.fill(groups: window.form.more.groupNames, hasLogo: image != nil)
            window.toast(image == nil ? tr("Logo removed") : tr("Logo saved"))
            AppEvents.emit("logo", ["card": id.lowercasedText, "set": image != nil])
        } catch {
            refuse("\(error)")
        }
    }

    private func refuse(_ message: String) {
        window.form.showMessage(message.prefix(1).uppercased() + message.dropFirst())
        AppEvents.emit("refused", ["message": message])
    }
}
