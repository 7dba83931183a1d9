import Foundation
import Sync
import WalletCore

/// What the sync page shows: the wallet's sync as `wallet sync status` reports it (nil before
/// `wallet sync init`), whether the remote is sealed, and the newest commit of its history
/// (what the last sync changed, as `wallet sync log` shows it).
struct SyncState: Sendable {
    /// Whether `wallet sync init` was run.
    var isSetUp = false
    var status: SyncStatus?
    var sealed = false
    var lastChange: SyncLogEntry?
    /// Why the status could not be read (the sync library's one line), if it could not.
    var problem: String?
}

/// The sync calls the page makes, each off the main loop (``MainLoop/background(_:then:)``): git talks to the
/// remote for seconds. Each opens its own `CardRepository` on the container (the window keeps
/// reading its own while a sync writes) and the `WalletSync` `wallet sync` uses.
enum SyncWork {
    /// How a call ended: the state after it, and the sync's report or its error's one line, the
    /// words `wallet sync` prints after "Error: ".
    enum Outcome: Sendable {
        case read(SyncState)
        case synced(SyncReport, SyncState)
        case setUp(SyncReport, SyncState)
        case failed(String, SyncState)
    }

    /// The sync's state now.
    static func read(container: SharedContainer, clock: WalletClock) -> Outcome {
        do {
            return .read(state(try open(container, clock)))
        } catch {
            return .failed("\(error)", SyncState(problem: "\(error)"))
        }
    }

    /// `wallet sync`.
    static func syncNow(container: SharedContainer, clock: WalletClock) -> Outcome {
        let sync: WalletSync
        do {
            sync = try open(container, clock)
        } catch {
            return .failed("\(error)", SyncState(problem: "\(error)"))
        }
        do {
            return .synced(try sync.sync(), state(sync))
        } catch {
            return .failed("\(error)", state(sync))
        }
    }

    /// `wallet sync init REMOTE --device DEVICE [--plain | --key WORDS]`.
    static func setUp(
        container: SharedContainer, clock: WalletClock, remote: String, device: String, sealing: SyncSealing
    ) -> Outcome {
        do {
            let sync = try open(container, clock)
            let report = try sync.setUp(remote: remote, device: device, sealing: sealing)
            // A new WalletSync reads the key file the set-up wrote.
            return .setUp(report, state(try open(container, clock)))
        } catch {
            let after = (try? open(container, clock)).map(state) ?? SyncState()
            return .failed("\(error)", after)
        }
    }

    private static func open(_ container: SharedContainer, _ clock: WalletClock) throws -> WalletSync {
        WalletSync(repository: try CardRepository(container: container, clock: clock), clock: clock)
    }

    private static func state(_ sync: WalletSync) -> SyncState {
        guard sync.isSetUp else { return SyncState() }
        do {
            return SyncState(
                isSetUp: true, status: try sync.status(), sealed: sync.isSealed,
                lastChange: try sync.log(card: nil, limit: 1).first)
        } catch {
            return SyncState(isSetUp: true, sealed: sync.isSealed, problem: "\(error)")
        }
    }
}
