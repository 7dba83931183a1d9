import Foundation
import Testing
import WalletCore

@testable import PassService

/// A pull in a child (`PullChild`): what `card update --json` writes comes back as the outcome it
/// was written from, and a child that writes none, fails or hangs gives one line.
@Suite struct PullChildTests {
    /// A shell script standing in for `wallet`: it ignores its arguments and runs `body`. It is
    /// written through a close-on-exec descriptor, so a child another test spawns meanwhile does
    /// not keep it open for writing past its own exec.
    private func program(_ body: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pull-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("wallet").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == text.count)
        return path
    }

    private func child(_ program: String, timeout: Double = 30) -> PullChild {
        PullChild(executable: program, home: "/nonexistent", timeout: timeout, environment: [:])
    }

    /// Runs `child`; while another test's child, forked before its exec, still holds the fresh
    /// script open (`ETXTBSY`, "Text file busy"), runs it again, up to 2 s.
    private func run(_ child: PullChild, _ selection: [String] = []) -> Result<[PullRecord], PullChildError> {
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            let result = child.run(selection)
            guard case .failure(.notStarted(let why)) = result, why.contains("Text file busy"), ContinuousClock.now < deadline
            else { return result }
            usleep(10_000)
        }
    }

    @Test func aRecordGivesBackTheOutcomeItWasWrittenFrom() throws {
        let id = UUID()
        let outcomes = [
            PullOutcome(
                cardID: id, store: "Coffee Club",
                status: .changed([FieldChange(field: "balance", from: "1", to: "2")], messages: ["Hi"]), retryAfter: nil),
            PullOutcome(cardID: id, store: "Coffee Club", status: .unchanged, retryAfter: nil),
            PullOutcome(cardID: id, store: "Coffee Club", status: .failed("HTTP 500"), retryAfter: 60),
        ]
        for outcome in outcomes {
            let data = try JSONEncoder().encode(PullRecord(outcome))
            let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys.sorted()
            #expect(keys == ["card", "changes", "messages", "reason", "retryAfter", "status", "store"])
            #expect(try JSONDecoder().decode(PullRecord.self, from: data).outcome == outcome)
        }
        var odd = PullRecord(outcomes[1])
        odd.status = "sideways"
        #expect(odd.outcome == nil)
    }

    @Test func theChildsJSONIsRead() throws {
        let id = UUID().lowercasedText
        let json =
            #"[{"card":"\#(id)","store":"Tea","status":"unchanged","changes":[],"messages":[],"reason":null,"retryAfter":null}]"#
        let records = try run(child(try program("echo '\(json)'; exit 1")), ["--id", id]).get()
        #expect(records.map(\.store) == ["Tea"])
        #expect(records.first?.outcome?.status == .unchanged)
    }

    @Test func aChildWithoutJSONGivesItsOwnErrorLine() throws {
        let said = try program("echo \"Error: card 'Tea' is not a live pass\" >&2; exit 1")
        #expect(run(child(said)) == .failure(.noResult(status: 1, said: "card 'Tea' is not a live pass")))
        #expect(
            PullChildError.noResult(status: 1, said: "card 'Tea' is not a live pass").description
                == "card 'Tea' is not a live pass")
        #expect(run(child(try program("exit 3"))) == .failure(.noResult(status: 3, said: nil)))
        #expect(PullChildError.noResult(status: 3, said: nil).description == "`wallet card update` exited 3 without a result")
        guard case .failure(.notStarted) = child("/nonexistent/wallet").run([]) else {
            Issue.record("a missing program was started")
            return
        }
    }

    @Test func aChildPastItsDeadlineIsStopped() throws {
        let result = run(child(try program("exec sleep 30"), timeout: 0.1))
        #expect(result == .failure(.timedOut(seconds: 1)))
    }

    @Test func theWalletIsThisProgramItsNeighbourOrOnPath() throws {
        let wallet = try program("exit 0")
        #expect(PullChild.wallet(besides: wallet) == wallet)
        let app = URL(fileURLWithPath: wallet).deletingLastPathComponent().appendingPathComponent("wallet-app").path
        #expect(PullChild.wallet(besides: app) == wallet)
    }
}
