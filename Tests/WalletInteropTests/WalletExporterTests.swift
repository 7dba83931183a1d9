import Foundation
import Testing
import WalletCore
@testable import WalletInterop
import WalletTestSupport

@Suite struct WalletExporterTests {
    private let exporter = WalletExporter(now: Fixtures.now, timeZone: Fixtures.utc)
    private let archive = WalletArchive(cards: [
        Card(
            fields: CardFields(store: "Shop", code: "1", color: "#000000"),
            createdAt: Fixtures.now)
    ])

    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("exporter-tests")

    private func directory() throws -> URL {
        let url = scratch.file("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func formatFromNameOrExtension() throws {
        #expect(ExportFormat.implied(by: URL(fileURLWithPath: "a/b.CSV")) == .catima)
        #expect(ExportFormat.implied(by: URL(fileURLWithPath: "b.zip")) == .catima)
        #expect(ExportFormat.implied(by: URL(fileURLWithPath: "b.json")) == .json)
        #expect(ExportFormat.implied(by: URL(fileURLWithPath: "backup")) == .json)
        #expect(try ExportFormat.named("Catima") == .catima)
        #expect(throws: ExportError.unknownFormat("xml")) { try ExportFormat.named("xml") }
    }

    @Test func writesEachFormatPrivatelyWithoutLeftovers() throws {
        let folder = try directory()
        for (name, format) in [("a.csv", ExportFormat.catima), ("a.zip", .catima), ("a.json", .json), ("b.csv", .json)] {
            let url = folder.appendingPathComponent(name)
            #expect(try exporter.write(archive, to: url, format: name == "b.csv" ? .json : nil) == format)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let (detected, back) = try WalletImporter(now: Fixtures.now).read(contentsOf: url)
            #expect(detected == (name == "a.zip" ? .catimaZip : format == .json ? .walletJSON : .catimaCSV))
            #expect(back.cards.map(\.store) == ["Shop"])
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["a.csv", "a.json", "a.zip", "b.csv"])
    }

    @Test func replacesAnExistingFile() throws {
        let url = try directory().appendingPathComponent("old.json")
        try Data(repeating: 0x41, count: 100_000).write(to: url)
        try exporter.write(archive, to: url)
        #expect(try WalletImporter(now: Fixtures.now).read(contentsOf: url).1.cards.count == 1)
    }

    @Test func refusesMissingDirectoriesAndDirectories() throws {
        let folder = try directory()
        #expect {
            try exporter.write(archive, to: folder.appendingPathComponent("no/such/x.json"), file: "x.json")
        } throws: { error in
            (error as? ExportError)?.description.hasPrefix("cannot write x.json: no such directory") == true
        }
        #expect(throws: ExportError.cannotWrite(path: "dir", reason: "it is a directory: give a file name")) {
            try exporter.write(archive, to: folder, file: "dir")
        }
    }
}
