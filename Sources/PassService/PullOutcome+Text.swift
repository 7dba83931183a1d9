import Foundation
import WalletCore

extension PullOutcome {
    /// The line `wallet card update` prints for this card, in plain text: `Coffee Club: balance
    /// 12.5 -> 15.75 EUR; gate A1 -> B7` (what changed, the balance with `currency`), `Coffee
    /// Club: unchanged`, or `Coffee Club: failed: why`. The CLI escapes it for a terminal; the
    /// app's "Update now" shows it as its toast.
    public func line(currency: String?) -> String {
        switch status {
        case .unchanged: return "\(store): unchanged"
        case .failed(let reason): return "\(store): failed: \(reason)"
        case .changed(let changes, _):
            return "\(store): "
                + Self.summary(changes).map { change in
                    change.text + (change.field == "balance" && change.to != nil ? currency.map { " \($0)" } ?? "" : "")
                }.joined(separator: "; ")
        }
    }

    /// The changes worth a line: the derived note left out when anything else changed, and a
    /// pass field left out when a card field already shows the same change.
    public static func summary(_ changes: [FieldChange]) -> [FieldChange] {
        var shown: [FieldChange] = []
        for change in changes where change.field != "note" {
            if change.field.hasPrefix("fields."), shown.contains(where: { $0.from == change.from && $0.to == change.to }) {
                continue
            }
            shown.append(change)
        }
        return shown.isEmpty ? changes : shown
    }
}
