import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import Sync

/// `log(card:limit:)`: the newest entries only, as the app's sync page asks for its last change.
struct SyncLogLimitTests {
    @Test func aLimitKeepsTheNewestEntries() throws {
        let temporary = TemporaryContainer()
        let remote = temporary.container.url.deletingLastPathComponent().appendingPathComponent("remote-\(UUID().uuidString).git")
        defer { try? FileManager.default.removeItem(at: remote) }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["init", "--quiet", "--bare", remote.path]
        try git.run()
        git.waitUntilExit()
        #expect(git.terminationStatus == 0)

        let repository = try temporary.repository()
        _ = try repository.add(CardFields(store: "Bakery", code: "B-1", format: nil))
        let sync = WalletSync(repository: repository, clock: temporary.clock)
        _ = try sync.setUp(remote: remote.path, device: "phone", sealing: .plain)
        _ = try repository.add(CardFields(store: "Cinema", code: "C-2", format: nil))
        _ = try sync.sync()

        let all = try sync.log(card: nil)
        #expect(all.count >= 2)
        #expect(try sync.log(card: nil, limit: 1) == Array(all.prefix(1)))
        #expect(try sync.log(card: nil, limit: 0).isEmpty)
        #expect(try sync.log(card: nil, limit: 100) == all)
    }
}
