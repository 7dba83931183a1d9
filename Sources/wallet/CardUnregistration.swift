import Foundation
import PassService
import WalletCore

/// `card remove` of a live card tells its issuer (PassKit `DELETE` of the registration), after
/// the card is gone: an issuer that cannot be reached is a warning, never a failed removal.
enum CardUnregistration {
    static func tellIssuer(_ endpoint: LiveEndpoint, repository: CardRepository) {
        do {
            try PassPuller(repository: repository, limits: PullLimits(timeout: 10)).unregister(endpoint)
        } catch {
            FileHandle.standardError.write(
                Data(
                    "warning: the card was removed, but its issuer was not told: \(TerminalText.escaped(error.description))\n"
                        .utf8))
        }
    }
}
