import Barcodes
import Foundation
import WalletCore

/// A private container in a fresh temporary directory, removed when the value is dropped.
final class TemporaryContainer {
    let container: SharedContainer
    let clock: WalletClock

    init(now: String = "2026-11-22T09:30:00Z") {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("wallet-tests-\(UUID().uuidString)", isDirectory: true)
        container = SharedContainer(url: url.appendingPathComponent("home", isDirectory: true))
        clock = .fixed(ISO8601.parse(now)!)
    }

    deinit { try? FileManager.default.removeItem(at: container.url.deletingLastPathComponent()) }

    func repository(clock: WalletClock? = nil) throws -> CardRepository {
        try CardRepository(container: container, clock: clock ?? self.clock)
    }

    var databasePath: String { container.databaseURL.path }

    func databaseBytes() -> Data? { FileManager.default.contents(atPath: databasePath) }
}

func draft(_ store: String, _ code: String = "12345", format: Symbology? = nil, note: String = "") -> CardDraft {
    CardDraft(store: store, code: code, format: format, note: note)
}
