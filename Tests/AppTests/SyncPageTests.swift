import Foundation
@testable import Sync
import Testing
import WalletCore

@testable import App

@Suite struct SyncPageTests {
    private func temporaryContainer() -> SharedContainer {
        SharedContainer(url: FileManager.default.temporaryDirectory.appendingPathComponent("sync-page-\(UUID().uuidString)"))
    }

    @Test func aReportSaysWhatCameInAndWentOut() {
        #expect(SyncSummary.report(SyncReport(pulled: 1, pushed: 0)) == "Cards in: 1 · Cards out: 0")
        let conflict = SyncConflict(card: "0a1b", field: "note", kept: "a", other: "b", reason: "later edit")
        #expect(
            SyncSummary.report(SyncReport(pulled: 2, pushed: 3, conflicts: [conflict]))
                == "Cards in: 2 · Cards out: 3 · Conflicts settled: 1")
    }

    @Test func theLastChangeIsTheNewestCommitAsTheLogShowsIt() {
        #expect(SyncSummary.change(nil) == "Nothing synced yet")
        let entry = SyncLogEntry(
            commit: "abc", time: Date(timeIntervalSince1970: 0), device: "laptop", summary: "laptop: 1 card",
            cards: ["Tesco (0a1b2c3d): note"])
        #expect(SyncSummary.change(entry) == "laptop: laptop: 1 card\nTesco (0a1b2c3d): note")
        #expect(SyncSummary.sealing(true) == "Sealed end to end")
    }

    @Test func aWalletThatDoesNotSyncReadsAsNotSetUpAndSyncNowFailsInTheCLIsWords() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        guard case .read(let state) = SyncWork.read(container: container, clock: .system) else {
            Issue.record("reading the state failed")
            return
        }
        #expect(!state.isSetUp && state.status == nil && state.problem == nil)
        guard case .failed(let message, _) = SyncWork.syncNow(container: container, clock: .system) else {
            Issue.record("a sync without a remote did not fail")
            return
        }
        #expect(message == SyncError.notSetUp.description)
    }

    @Test func anUnreachableRemoteIsNotSetUp() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let missing = container.url.appendingPathComponent("no-such-remote.git").path
        guard
            case .failed(let message, let state) = SyncWork.setUp(
                container: container, clock: .system, remote: missing, device: "phone", sealing: .plain)
        else {
            Issue.record("a set-up against a missing remote did not fail")
            return
        }
        #expect(message.hasPrefix("cannot reach \(missing): "))
        #expect(!state.isSetUp)
    }
}
