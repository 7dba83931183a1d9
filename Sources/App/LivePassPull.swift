import Foundation
import PassService
import ProcessRunner
import WalletCore

/// "Update now", off the main loop: `wallet card update --id ID` run in a child as the host runs
/// its pulls (`PullChild`), so libcurl, its TLS stack and the issuer's answers never enter the
/// app and a stuck server is cut off at a deadline; reported in the CLI's words.
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

    /// Each request's limit, as `card update`'s default.
    static let timeout = 30.0

    /// Pulls card `id` (named `store` when the pull fails before it knows the card) into the
    /// wallet at `container`, through the `wallet` program `wallet` (nil: none was found).
    static func pull(
        _ id: UUID, store: String, container: SharedContainer, clock: WalletClock, wallet: String? = PullChild.wallet()
    ) -> Outcome {
        guard let wallet else {
            return Outcome(
                status: .failed,
                line: "\(store): failed: the wallet command is neither beside wallet-app nor on PATH: install the wallet package")
        }
        var environment = ChildEnvironment.inherited(PullChild.inheritedVariables)
        environment["WALLET_NOW"] = ISO8601.format(clock.now())
        let child = PullChild(executable: wallet, home: container.url.path, timeout: timeout, environment: environment)
        switch child.run(["--id", id.lowercasedText]) {
        case .failure(let failure):
            return Outcome(status: .failed, line: "\(store): failed: \(failure)")
        case .success(let records):
            guard let record = records.first(where: { $0.card == id.lowercasedText }), let pulled = record.outcome else {
                return Outcome(status: .failed, line: "\(store): failed: the card is no longer in the wallet")
            }
            let card = try? CardRepository(container: container, clock: clock).card(id: id)
            return Self.outcome(pulled, currency: card?.currency)
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
