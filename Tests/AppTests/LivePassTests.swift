import Barcodes
import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import App
@testable import PassService

/// A live pass on the card page without a display: what "Update now" reports (``LivePassPull``,
/// in `card update`'s words) and how a version reads in "History" (``VersionRow``).
@Suite struct LivePassTests {
    /// The pull runs in a child `wallet`; without one, or when it writes no result, the toast
    /// says so in one line and the card stays as it was.
    @Test func aPullWithoutItsChildFailsInOneLineAndTheCardStaysAsItWas() throws {
        let temporary = TemporaryContainer()
        let repository = try temporary.repository()
        let card = try repository.add(CardFields(store: "Bakery", code: "B-1", format: .code128))
        func pull(_ wallet: String?) -> LivePassPull.Outcome {
            LivePassPull.pull(card.id, store: card.store, container: temporary.container, clock: temporary.clock, wallet: wallet)
        }
        #expect(
            pull(nil)
                == LivePassPull.Outcome(
                    status: .failed,
                    line:
                        "Bakery: failed: the wallet command is neither beside wallet-app nor on PATH: install the wallet package")
        )
        #expect(
            pull("/bin/false")
                == LivePassPull.Outcome(status: .failed, line: "Bakery: failed: `wallet card update` exited 1 without a result"))
        #expect(try repository.card(id: card.id) == card)
        #expect(try repository.history(of: card.id).isEmpty)
    }

    @Test func theStatusFollowsThePullAndTheLineIsTheCLIs() {
        let id = UUID()
        func outcome(_ status: PullStatus) -> LivePassPull.Outcome {
            LivePassPull.outcome(PullOutcome(cardID: id, store: "Coffee Club", status: status, retryAfter: nil), currency: "EUR")
        }
        let changed = outcome(.changed([FieldChange(field: "balance", from: "12.5", to: "15.75")], messages: []))
        #expect(changed == LivePassPull.Outcome(status: .changed, line: "Coffee Club: balance 12.5 -> 15.75 EUR"))
        #expect(outcome(.unchanged) == LivePassPull.Outcome(status: .unchanged, line: "Coffee Club: unchanged"))
        #expect(outcome(.failed("HTTP 500")) == LivePassPull.Outcome(status: .failed, line: "Coffee Club: failed: HTTP 500"))
    }

    /// The derived note and a pass field that repeats a card field's change are left out, as
    /// `card update` leaves them out.
    @Test func aVersionReadsAsItsNumberSourceTimeAndChanges() {
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let update = CardVersion(
            version: 2, time: time, source: .update,
            changes: [
                FieldChange(field: "note", from: "Balance: 12.5", to: "Balance: 15.75"),
                FieldChange(field: "balance", from: "12.5", to: "15.75"),
                FieldChange(field: "fields.balance", from: "12.5", to: "15.75"),
                FieldChange(field: "fields.gate", from: "A1", to: "B7"),
            ])
        #expect(VersionRow.title(update) == "Version 2 · Updated by the issuer")
        #expect(VersionRow.subtitle(update) == LocalTime.format(time) + " · balance 12.5 -> 15.75; gate A1 -> B7")
        let imported = CardVersion(version: 1, time: time, source: .import, changes: [])
        #expect(VersionRow.title(imported) == "Version 1 · Imported")
        #expect(VersionRow.subtitle(imported) == LocalTime.format(time))
    }
}
