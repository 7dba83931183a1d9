import Foundation
import PassService
import WalletCore

/// "Update now", off the main loop: `wallet card update CARD`'s own pull (`PassPuller` over the
/// card's `LiveEndpoint`, the CLI's limits) on a `CardRepository` of its own (the window keeps
/// reading its own while the pull writes), reported in the CLI's words.
enum LivePassPull {
    /// How a pull ended, as `card update --json` names it (`status`) and as `card update` prints
    /// it (`line`, not escaped for a terminal: the app shows text as it is).
    struct Outcome: Sendable, Equatable {
        enum Status: String, Sendable {
            case changed, unchanged, failed
        }

        var status: Status
        var line: String
    }

    /// Pulls card `id` (named `store` in a failure that comes before the pull knows the card).
    static func pull(_ id: UUID, store: String, container: SharedContainer, clock: WalletClock) -> Outcome {
        do {
            let repository = try CardRepository(container: container, clock: clock)
            guard let endpoint = try repository.liveEndpoint(of: id) else {
                return Outcome(status: .failed, line: "\(store): failed: it is not a live pass (it names no issuer web service)")
            }
            guard let outcome = try PassPuller(repository: repository).pull([endpoint]).first else {
                return Outcome(status: .failed, line: "\(store): failed: the card is no longer in the wallet")
            }
            return Self.outcome(outcome, currency: try repository.card(id: id)?.currency)
        } catch {
            return Outcome(status: .failed, line: "\(store): failed: \(error)")
        }
    }

    /// The app's outcome of the library's `outcome`: its status and `card update`'s line.
    static func outcome(_ outcome: PullOutcome, currency: String?) -> Outcome {
        let status: Outcome.Status
        switch outcome.status {
        case .changed: status = .changed
        case .unchanged: status = .unchanged
        case .failed: status = .failed
        }
        return Outcome(status: status, line: outcome.line(currency: currency))
    }
}
