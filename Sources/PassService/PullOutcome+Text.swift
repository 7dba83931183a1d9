import Foundation
import WalletCore

extension PullOutcome {
    /// The line `wallet card update` prints for this card, in plain text: `Coffee Club: balance
    /// 12.5 -> 15.75 EUR; gate A1 -> B7` (what changed, the balance with `currency`), `Coffee
    /// Club: unchanged`, or `Coffee Club: failed: why` (the changes worth a line:
    /// `FieldChange.summary(of:)`). The CLI escapes it for a terminal; the
    /// app's "Update now" shows it as its toast.
    public func line(currency: String?) -> String {
        switch status {
        case .unchanged: return "\(store): unchanged"
        case .failed(let reason): return "\(store): failed: \(reason)"
        case .changed(let changes, _):
            return "\(store): "
                + FieldChange.summary(of: changes).map { change in
                    change.text + (change.field == "balance" && change.to != nil ? currency.map { " \($0)" } ?? "" : "")
                }.joined(separator: "; ")
        }
    }

}
