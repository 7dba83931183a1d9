import Foundation
import GRDB
import Testing
import WalletTestSupport
import WalletCore

@Suite struct StoreReliabilityTests {
    @Test func filesArePrivate() throws {
        let home = TemporaryContainer()
        _ = try home.repository().add(draft("Tesco"))
        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)!.intValue
        }
        #expect(try mode(home.container.url.path) == 0o700)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: home.databasePath + suffix) {
            #expect(try mode(home.databasePath + suffix) == 0o600)
        }
    }

    /// A reader that opens the wallet between two of a writer's migrations waits for the rest;
    /// a wallet that stays older is refused.
    @Test func readerWaitsOutAMigrationInProgressAndRefusesAWalletThatStaysOlder() throws {
        let home = TemporaryContainer()
        _ = try home.repository().add(draft("Tesco"))
        let last = try DatabaseQueue(path: home.databasePath).write { db in
            let identifier = try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1")!
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [identifier])
            return identifier
        }
        #expect(throws: WalletStoreError.olderSchema(path: home.databasePath)) {
            try CardReader(container: home.container).cards(includeArchived: false)
        }
        let writer = Thread {
            usleep(150_000)
            try? DatabaseQueue(path: home.databasePath).write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [last])
            }
        }
        writer.start()
        #expect(try CardReader(container: home.container).cards(includeArchived: false).map(\.store) == ["Tesco"])
    }

    @Test func nonDatabaseFileIsRefusedAndLeftUntouched() throws {
        let home = TemporaryContainer()
        try home.container.prepare()
        let garbage = Data("these are my notes, not a database\n".utf8) + Data(repeating: 7, count: 5000)
        try garbage.write(to: home.container.databaseURL)
        #expect(throws: WalletStoreError.notADatabase(path: home.databasePath)) { try home.repository() }
        #expect(throws: WalletStoreError.notADatabase(path: home.databasePath)) {
            try CardReader(container: home.container).cards(includeArchived: false)
        }
        #expect(home.databaseBytes() == garbage)
    }

    @Test func damagedDatabaseIsRefusedAndLeftUntouched() throws {
        let home = TemporaryContainer()
        do {  // the repository closes (checkpointing its WAL) at the end of this scope
            let repository = try home.repository()
            for index in 0..<200 { _ = try repository.add(draft("Store \(index)", note: String(repeating: "x", count: 200))) }
        }
        #expect(!FileManager.default.fileExists(atPath: home.databasePath + "-wal"))
        try corrupt(home.container.databaseURL)
        let before = home.databaseBytes()
        let error = #expect(throws: WalletStoreError.self) { try home.repository().cards(includeArchived: true).count }
        guard case .damaged(let path, let failure)? = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        #expect(path == home.databasePath)
        #expect(failure.resultCode == 11)  // SQLITE_CORRUPT, kept with SQLite's extended code
        #expect(failure.extendedResultCode & 0xFF == 11)
        #expect(home.databaseBytes() == before)
    }

    @Test func foreignDatabaseIsRefused() throws {
        let home = TemporaryContainer()
        try home.container.prepare()
        let queue = try DatabaseQueue(path: home.databasePath)
        try queue.write { try $0.execute(sql: "CREATE TABLE recipes (name TEXT)") }
        try queue.close()
        let before = home.databaseBytes()
        #expect(throws: WalletStoreError.foreignDatabase(path: home.databasePath)) { try home.repository() }
        #expect(home.databaseBytes() == before)
    }

    @Test func newerSchemaIsAClearError() throws {
        let home = TemporaryContainer()
        _ = try home.repository().add(draft("Tesco"))
        let queue = try DatabaseQueue(path: home.databasePath)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9: from the future')") }
        try queue.close()
        let expected = WalletStoreError.newerSchema(path: home.databasePath, unknown: ["v9: from the future"])
        #expect(throws: expected) { try home.repository() }
        #expect(throws: expected) { try CardReader(container: home.container).dataGeneration() }
        #expect(expected.description.contains("newer wallet"))
    }

    @Test func readerSeesAnEmptyWalletWithoutCreatingAnything() throws {
        let home = TemporaryContainer()
        let reader = try CardReader(container: home.container)
        #expect(try reader.cards(includeArchived: true).isEmpty)
        #expect(try reader.usageEvents().isEmpty)
        #expect(try reader.dataGeneration() == 0)
        #expect(!FileManager.default.fileExists(atPath: home.container.url.path))
        let card = try home.repository().add(draft("Tesco"))
        #expect(try reader.cards(includeArchived: false).map(\.id) == [card.id])
        #expect(try reader.card(id: card.id) == card)
        #expect(try reader.dataGeneration() == 1)
    }

    @Test func readerOpensAClosedDatabaseWithoutChangingIt() throws {
        let home = TemporaryContainer()
        let card: Card
        do {  // the app side has quit: WAL checkpointed, -wal and -shm removed
            let repository = try home.repository()
            card = try repository.add(draft("Tesco"))
        }
        let before = home.databaseBytes()
        let reader = try CardReader(container: home.container)
        #expect(try reader.cards(includeArchived: false).map(\.id) == [card.id])
        #expect(try reader.dataGeneration() == 1)
        #expect(home.databaseBytes() == before)
        let again = try home.repository().add(draft("Lidl"))
        #expect(try reader.card(id: again.id) == again)
        #expect(try reader.dataGeneration() == 2)
    }

    @Test func readerDoesNotWrite() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Tesco"))
        _ = try repository.recordUse(of: card.id)
        let before = home.databaseBytes()
        let reader = try CardReader(container: home.container)
        #expect(try reader.usageEvents().count == 1)
        #expect(try reader.cards(includeArchived: true).first?.usageCount == 1)
        #expect(home.databaseBytes() == before)
    }

    /// Two writers (separate connections, like two app processes) add 100 cards each while a
    /// reader reads: nothing fails, the reader never sees a half-written state, all 200 land.
    @Test func readerReadsWhileTwoWritersWrite() async throws {
        let home = TemporaryContainer()
        _ = try home.repository()
        let container = home.container
        let clock = home.clock
        async let first: Void = Self.addCards(container: container, clock: clock, prefix: "A")
        async let second: Void = Self.addCards(container: container, clock: clock, prefix: "B")
        async let reads: Int = Self.readUntil(container: container, count: 200)
        try await first
        try await second
        #expect(try await reads > 0)
        #expect(try CardReader(container: container).cards(includeArchived: false).count == 200)
        #expect(try CardReader(container: container).dataGeneration() == 200)
    }

    private static func addCards(container: SharedContainer, clock: WalletClock, prefix: String) async throws {
        let repository = try CardRepository(container: container, clock: clock)
        for index in 0..<100 {
            let card = try repository.add(draft("\(prefix) \(index)", note: "note"))
            _ = card
            if index % 10 == 0 { await Task.yield() }
        }
    }

    /// Reads until `count` cards are visible; gives up (recording an issue) after a minute, or
    /// when the test is cancelled because a writer failed, so it can never hang the suite.
    private static func readUntil(container: SharedContainer, count: Int) async throws -> Int {
        let reader = try CardReader(container: container)
        let deadline = ContinuousClock.now + .seconds(60)
        var reads = 0
        var lastGeneration: Int64 = 0
        var lastCount = 0
        while true {
            try Task.checkCancellation()
            guard ContinuousClock.now < deadline else {
                Issue.record("the reader saw \(lastCount) of \(count) cards after a minute")
                return reads
            }
            let generation = try reader.dataGeneration()
            let cards = try reader.cards(includeArchived: false)
            #expect(generation >= lastGeneration)
            #expect(cards.count >= lastCount)
            #expect(cards.allSatisfy { $0.note == "note" })
            lastGeneration = generation
            lastCount = cards.count
            reads += 1
            if cards.count == count { return reads }
            await Task.yield()
        }
    }

    /// Overwrites a few pages in the middle of the database file (the header stays valid).
    private func corrupt(_ url: URL) throws {
        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        for page in stride(from: UInt64(4096), to: size, by: 8192) {
            try handle.seek(toOffset: page)
            handle.write(Data(repeating: 0xA5, count: 4096))
        }
    }
}

/// Passes stored before migration v8 have no authenticity: they read back by their `signed` flag.
@Suite struct PassAuthenticityMigrationTests {
    @Test func passWithoutAVerdictReadsAsUncheckedWhenSignedElseUnsigned() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        _ = try repository.importCards([LiveCardStoreTests.issuerCard()], groups: [], usageEvents: [])
        let id = try #require(try repository.cards(includeArchived: true).first?.id)
        #expect(try repository.card(id: id)?.authenticity == LiveCardStoreTests.verified)
        let queue = try DatabaseQueue(path: home.databasePath)
        try queue.write { try $0.execute(sql: "UPDATE pass SET authenticity = NULL") }
        #expect(try repository.card(id: id)?.authenticity == .unchecked)
        try queue.write { try $0.execute(sql: "UPDATE pass SET signed = 0") }
        #expect(try repository.card(id: id)?.authenticity == .unsigned("the pass has no signature"))
        let columns = try queue.read { try Row.fetchAll($0, sql: "PRAGMA table_info(pass)").map { $0["name"] as String } }
        #expect(columns.contains("authenticity"))
        let migrations = try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(migrations.last == "v8: pass authenticity")
    }
}
