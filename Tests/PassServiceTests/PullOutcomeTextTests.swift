import Foundation
import Testing
import WalletCore

@testable import PassService

/// What a pull did, as `wallet card update` prints it and the app's "Update now" toasts it
/// (`PullOutcome.line(currency:)`), and a change as people read it (`FieldChange.text`).
@Suite struct PullOutcomeTextTests {
    private func outcome(_ status: PullStatus) -> PullOutcome {
        PullOutcome(cardID: UUID(), store: "Coffee Club", status: status, retryAfter: nil)
    }

    @Test func aChangeNamesEachFieldOnceWithTheBalancesCurrency() {
        let changes = [
            FieldChange(field: "balance", from: "12.5", to: "15.75"),
            FieldChange(field: "fields.balance", from: "12.5", to: "15.75"),
            FieldChange(field: "fields.gate", from: "A1", to: "B7"),
            FieldChange(field: "note", from: "Gate A1", to: "Gate B7"),
        ]
        #expect(
            outcome(.changed(changes, messages: [])).line(currency: "EUR")
                == "Coffee Club: balance 12.5 -> 15.75 EUR; gate A1 -> B7")
        #expect(
            outcome(.changed(changes, messages: [])).line(currency: nil) == "Coffee Club: balance 12.5 -> 15.75; gate A1 -> B7")
    }

    @Test func aChangeOfTheNoteAloneIsStillNamed() {
        let note = [FieldChange(field: "note", from: nil, to: "Gate B7")]
        #expect(outcome(.changed(note, messages: [])).line(currency: "EUR") == "Coffee Club: note (none) -> Gate B7")
    }

    @Test func unchangedAndFailedSayWhat() {
        #expect(outcome(.unchanged).line(currency: "EUR") == "Coffee Club: unchanged")
        #expect(
            outcome(.failed("the issuer answered HTTP 500")).line(currency: nil)
                == "Coffee Club: failed: the issuer answered HTTP 500")
    }

    @Test func aChangedValueIsOneLineOfAtMostSixtyCharacters() {
        #expect(
            FieldChange(field: "fields.terms", from: "", to: "line one\nline two").text == "terms (none) -> line one line two")
        let long = String(repeating: "x", count: 61)
        #expect(
            FieldChange(field: "message", from: long, to: nil).text == "message \(String(repeating: "x", count: 59))… -> (none)")
        #expect(
            FieldChange(field: "message", from: String(long.dropFirst()), to: nil).text == "message \(long.dropFirst()) -> (none)"
        )
    }
}
