import Barcodes
import Foundation
internal import CAdw
import Scanning
import WalletCore

/// The add page's other ways in (``AddSources``): a photo or PDF scanned as `wallet card add
/// --scan` scans it (``ScanOffer``: the list when it holds several codes, the question when a
/// reading was seen once only), the camera (``CameraAdd``), a file imported as `wallet card
/// import` imports it and a pasted share link (``CardImport``). A scanned or filmed code fills
/// the form (the person names the store and saves); an import saves at once, in one
/// transaction. Slow work runs off the main loop (``MainLoop/background(_:then:)``); its late result is
/// dropped when the person has moved on (``work``).
final class AddController {
    private let window: MainWindow
    private let importer: CardImport
    private let camera = CameraAdd()
    private let chooser = FileChooser()
    private var offer: ScanOffer?
    private var dialog: ObjectHandle?
    private var passwordPrompt: PasswordPrompt?
    /// Counts the jobs started: a result whose number is no longer current is dropped.
    private var work = 0
    private var timeout: guint = 0
    private var sources: AddSources { window.form.sources }
    /// Cards were saved: show this one (nil: back to the list).
    var onSaved: ((UUID?) -> Void)?

    init(window: MainWindow, repository: CardRepository, clock: WalletClock) {
        self.window = window
        importer = CardImport(repository: repository, clock: clock)
        sources.scanFile.on("clicked") { [weak self] in self?.chooseImage() }
        sources.importFile.on("clicked") { [weak self] in self?.chooseImport() }
        sources.scanCamera.on("clicked") { [weak self] in self?.startCamera() }
        sources.shareLink.on("entry-activated") { [weak self] in self?.addLink() }
        sources.shareLink.on("apply") { [weak self] in self?.addLink() }
        sources.cancel.on("clicked") { [weak self] in self?.cancel() }
        sources.onChoose = { [weak self] number in self?.choose(number) }
    }

    /// Drops what runs (a scan's result, the camera) and the list: the page was left or reset.
    func cancel() {
        work += 1
        camera.stop()
        if timeout != 0 { g_source_remove(timeout) }
        timeout = 0
        offer = nil
        sources.reset()
    }

    // MARK: A photo or PDF

    private func chooseImage() {
        let filter = FileChooser.Filter(
            name: tr("Photos and PDFs"), mimeTypes: ["image/png", "image/jpeg", "application/pdf"],
            patterns: ["*.png", "*.jpg", "*.jpeg", "*.pdf", "*.PNG", "*.JPG", "*.JPEG", "*.PDF"])
        chooser.open(over: window.window, title: tr("Scan a Photo or PDF"), accept: tr("Scan"), filters: [filter]) {
            [weak self] path in self?.scan(path)
        }
    }

    /// Scans `path` with the CLI's scanner and limits, held to its time limit here too: an image
    /// decoder that does not stop cannot hold the page (its late result is dropped).
    func scan(_ path: String) {
        cancel()
        let file = URL(fileURLWithPath: path).lastPathComponent
        let job = work
        sources.showBusy(tr("Reading the codes in %@…", file), cancellable: true)
        let limits = ScanSettings.limits()
        timeout = MainLoop.after(seconds: limits.seconds + 2) { [weak self] in
            guard let self, self.work == job else { return }
            self.timeout = 0
            self.cancel()
            self.refuse(ScanError.timedOut(path: file, page: nil).description)
        }
        MainLoop.background(
            { () -> Result<[ScannedBarcode], ScanError> in
                Result { () throws(ScanError) in try BarcodeScanner(limits: limits).scan(fileAt: path) }
            },
            then: { [weak self] result in
                guard let self, self.work == job else { return }
                if self.timeout != 0 { g_source_remove(self.timeout) }
                self.timeout = 0
                self.sources.showBusy(nil)
                switch result {
                case .success(let found):
                    // Messages name the file as the person knows it, not by the whole path.
                    let offer = ScanOffer(found: found, file: file)
                    AppEvents.emit("scanned", ["file": file, "count": found.count])
                    self.offer = offer
                    self.follow(offer.outcome)
                case .failure(let error):
                    self.refuse(error.description.replacingOccurrences(of: path, with: file))
                }
            })
    }

    private func choose(_ number: Int) {
        guard let offer else { return }
        follow(offer.pick(number))
    }

    private func follow(_ outcome: ScanOffer.Outcome) {
        switch outcome {
        case .chosen(let code):
            sources.showCodes([], file: "")
            window.form.fillScanned(code)
            AppEvents.emit("filled", ["format": code.symbology.rawValue, "code": code.display])
        case .choose(let entries):
            sources.showCodes(entries, file: offer?.file ?? "")
            AppEvents.emit("choose", ["codes": entries.map(\.name)])
        case .confirm(let entry):
            ask(toConfirm: entry)
        case .refused(let message):
            refuse(message)
        }
    }

    /// The CLI's `--confirm` as a question: the reading with the number printed under the bars.
    private func ask(toConfirm entry: ScanOffer.Entry) {
        let dialog = ObjectHandle(
            raw(
                adw_message_dialog_new(
                    window.window.typed(), tr("Check the Number"),
                    tr(
                        "Only one of the two barcode readers saw this code, and a wrong digit passes its check one time in ten. Does it match the number printed under the bars?\n\n%@",
                        "\(entry.format) \(entry.text)"))))
        adw_message_dialog_add_response(dialog.typed(), "cancel", tr("Cancel"))
        adw_message_dialog_add_response(dialog.typed(), "confirm", tr("It Matches"))
        adw_message_dialog_set_response_appearance(dialog.typed(), "confirm", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_close_response(dialog.typed(), "cancel")
        let number = entry.number
        dialog.on(
            "response",
            withArgument: { [weak self] response in
                guard let self else { return }
                self.dialog = nil
                let answer = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                AppEvents.emit("confirmed", ["answer": answer ?? "cancel"])
                guard answer == "confirm", let offer = self.offer else { return }
                self.follow(offer.pick(number, confirmed: true))
            })
        self.dialog = dialog
        gtk_window_present(dialog.typed())
        AppEvents.emit("confirm", ["code": entry.text, "format": entry.format])
    }

    // MARK: The camera

    private func startCamera() {
        cancel()
        let job = work
        sources.showBusy(tr("Point the camera at the barcode"), cancellable: true)
        AppEvents.emit("camera", ["state": "started"])
        camera.read { [weak self] outcome in
            guard let self, self.work == job else { return }
            self.sources.showBusy(nil)
            AppEvents.emit("camera", ["state": "ended"])
            self.follow(outcome)
        }
    }

    // MARK: Import and share links

    private func chooseImport() {
        let filter = FileChooser.Filter(
            name: tr("Catima exports and passes"),
            mimeTypes: ["text/csv", "application/zip", "application/vnd.apple.pkpass", "application/json"],
            patterns: ["*.csv", "*.zip", "*.pkpass", "*.pkpasses", "*.json"])
        chooser.open(over: window.window, title: tr("Import Cards"), accept: tr("Import"), filters: [filter]) {
            [weak self] path in self?.importFile(path)
        }
    }

    /// Imports `path` as `wallet card import` does: read and checked off the main loop, saved in
    /// one transaction on it. A password-protected zip asks for its password (``PasswordPrompt``)
    /// and is read again with it, asking again after a wrong one; cancelling saves nothing.
    func importFile(_ path: String, password: String? = nil) {
        cancel()
        let job = work
        let file = URL(fileURLWithPath: path).lastPathComponent
        sources.showBusy(tr("Importing %@…", file), cancellable: false)
        let importer = importer
        MainLoop.background(
            { importer.read(path, file: file, password: password) },
            then: { [weak self] read in
                guard let self, self.work == job else { return }
                self.sources.showBusy(nil)
                if let refusal = CardImport.passwordRefusal(read) {
                    self.askPassword(for: path, file: file, problem: password == nil ? nil : refusal)
                } else {
                    self.finish(self.importer.save(read, file: file))
                }
            })
    }

    /// Asks for the password of the zip at `path`; `problem` is the CLI's message about the
    /// last one tried.
    private func askPassword(for path: String, file: String, problem: String?) {
        let prompt = PasswordPrompt(over: window.window, file: file, problem: problem) { [weak self] password in
            guard let self else { return }
            self.passwordPrompt = nil
            AppEvents.emit("password", ["answer": password == nil ? "cancel" : "import"])
            if let password { self.importFile(path, password: password) }
        }
        passwordPrompt = prompt
        prompt.present()
        var fields: [String: any Sendable] = ["file": file]
        if let problem { fields["message"] = problem }
        AppEvents.emit("passwordAsked", fields)
    }

    private func addLink() {
        let link = sources.linkText
        guard !link.isEmpty else { return }
        cancel()
        finish(importer.add(link: link))
    }

    private func finish(_ outcome: CardImport.Outcome) {
        switch outcome {
        case .saved(let summary, let warnings, let card):
            AppEvents.emit(
                "imported", ["added": summary.added, "skipped": summary.skipped, "warnings": warnings])
            let line = tr("Added: %@", String(summary.added)) + " · " + tr("Skipped: %@", String(summary.skipped))
            window.toast(([line] + warnings).joined(separator: "\n"))
            onSaved?(card)
        case .refused(let message):
            refuse(message)
        }
    }

    private func refuse(_ message: String) {
        window.form.showMessage(message.prefix(1).uppercased() + message.dropFirst())
        AppEvents.emit("refused", ["message": message])
    }
}
