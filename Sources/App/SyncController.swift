import Foundation
internal import CAdw
import Sync
import WalletCore

/// What the sync page does. Every sync call runs off the main loop (``SyncWork`` through
/// ``MainLoop/background(_:then:)``), one at a time, so the window never waits on git or the remote; its
/// outcome shows in the page, an error in the sync library's own words (those `wallet sync`
/// prints). The cards a sync brings in reach the list through the store's change watch.
final class SyncController {
    private let page: SyncPage
    private let container: SharedContainer
    private let clock: WalletClock
    private var busy = false
    private var readAgain = false

    init(page: SyncPage, container: SharedContainer, clock: WalletClock) {
        self.page = page
        self.container = container
        self.clock = clock
        page.syncButton.on("clicked") { [weak self] in self?.syncNow() }
        page.setUpButton.on("clicked") { [weak self] in self?.setUp() }
        page.remote.on("entry-activated") { [weak self] in self?.setUp() }
    }

    /// Reads the status again (the page is about to show).
    func reload() {
        guard !busy else {
            readAgain = true
            return
        }
        let (container, clock) = (container, clock)
        start { SyncWork.read(container: container, clock: clock) }
    }

    private func syncNow() {
        guard !busy else { return }
        page.showOutcome(result: nil, failure: nil)
        AppEvents.emit("sync", ["state": "started"])
        let (container, clock) = (container, clock)
        start { SyncWork.syncNow(container: container, clock: clock) }
    }

    /// `wallet sync init` from the form: the remote, the device name (checked by the sync's own
    /// rule; left empty, the host's name, as without `--device`), sealed under a new key, joined
    /// with pairing words, or plain.
    private func setUp() {
        guard !busy else { return }
        let remote = PreferenceRows.text(of: page.remote).trimmingCharacters(in: .whitespaces)
        let typed = PreferenceRows.text(of: page.device).trimmingCharacters(in: .whitespaces)
        let device = typed.isEmpty ? DeviceName.fromHost() : typed
        let words = PreferenceRows.text(of: page.words).trimmingCharacters(in: .whitespaces)
        let plain = gtk_switch_get_active(page.plain.opaque) != 0
        let problem: String? =
            if remote.isEmpty {
                tr("Type the remote: a git URL or path (an empty repository from git init --bare will do).")
            } else if let refusal = DeviceName.problem(with: device) {
                refusal
            } else if plain, !words.isEmpty {
                tr("A plain remote has no key: clear the pairing words or turn plain text off.")
            } else {
                nil
            }
        if let problem {
            page.showOutcome(result: nil, failure: problem)
            AppEvents.emit("sync", ["state": "refused", "message": problem])
            return
        }
        let sealing: SyncSealing = plain ? .plain : words.isEmpty ? .newKey : .join(words: words)
        page.showOutcome(result: nil, failure: nil)
        AppEvents.emit("sync", ["state": "started"])
        let (container, clock) = (container, clock)
        start { SyncWork.setUp(container: container, clock: clock, remote: remote, device: device, sealing: sealing) }
    }

    private func start(_ work: @escaping @Sendable () -> SyncWork.Outcome) {
        busy = true
        page.showBusy(true)
        MainLoop.background(work) { [weak self] outcome in self?.finished(outcome) }
    }

    private func finished(_ outcome: SyncWork.Outcome) {
        busy = false
        page.showBusy(false)
        switch outcome {
        case .read(let state):
            page.show(state)
            if let problem = state.problem { page.showOutcome(result: nil, failure: problem) }
            emitStatus(state)
        case .synced(let report, let state), .setUp(let report, let state):
            page.show(state)
            page.showOutcome(result: SyncSummary.report(report), failure: state.problem)
            let event: String = if case .setUp = outcome { "set up" } else { "done" }
            AppEvents.emit(
                "sync", ["state": event, "pulled": report.pulled, "pushed": report.pushed, "conflicts": report.conflicts.count])
            emitStatus(state)
        case .failed(let message, let state):
            page.show(state)
            page.showOutcome(result: nil, failure: message)
            AppEvents.emit("sync", ["state": "failed", "message": message])
        }
        if readAgain {
            readAgain = false
            reload()
        }
    }

    private func emitStatus(_ state: SyncState) {
        AppEvents.emit(
            "syncStatus",
            [
                "setUp": state.isSetUp, "remote": state.status?.remote ?? "", "sealed": state.sealed,
                "lastSync": state.status?.lastSync?.commit ?? "",
            ])
    }
}
