/// Why a pull from a pass's issuer failed; each ``description`` is the per-card status line's
/// reason, saying what happened and, where there is one, what to do.
public enum PassServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libcurl cannot be loaded (the loader's message).
    case libraryMissing(String)
    /// The web service address is not one the wallet talks to (the address, why).
    case refusedAddress(String, String)
    /// The server could not be reached or the exchange broke (curl's message).
    case unreachable(String)
    /// The server took longer than the time-out (seconds).
    case timedOut(Double)
    /// The answer was larger than the limit (bytes).
    case tooLarge(Int)
    /// More redirects than allowed (the limit).
    case tooManyRedirects(Int)
    /// A redirect to another scheme or to an address the wallet refuses (the target).
    case refusedRedirect(String)
    /// The issuer refused the pass's authentication token (401).
    case unauthorized
    /// The issuer does not know the pass (404).
    case notFound
    /// The issuer's server failed (its status).
    case serverFailed(Int)
    /// The server asks to come back later: HTTP 429 or 503 with `Retry-After` (status, seconds).
    case retryLater(Int, seconds: Int)
    /// Any other unexpected status (the status).
    case unexpectedStatus(Int)
    /// The answer is not what the PassKit web service sends (what is wrong).
    case malformed(String)

    public var description: String {
        switch self {
        case .libraryMissing(let message):
            "libcurl cannot be loaded (\(message)): install the libcurl4 package to pull passes"
        case .refusedAddress(let address, let reason):
            "the pass's web service \(address) is refused: \(reason)"
        case .unreachable(let message):
            "the issuer's server cannot be reached (\(message)): check the network and try again"
        case .timedOut(let seconds):
            "the issuer's server did not answer within \(Self.seconds(seconds)) s: try again later"
        case .tooLarge(let limit):
            "the issuer's answer is larger than \(limit / (1024 * 1024)) MiB: refused"
        case .tooManyRedirects(let limit):
            "the issuer's server redirected more than \(limit) times (a loop?): refused"
        case .refusedRedirect(let target):
            "the issuer's server redirected to \(target), which the wallet does not follow (another scheme, or plain http off this machine)"
        case .unauthorized:
            "the issuer refused the pass's token (HTTP 401): the pass may have been reissued; import it again"
        case .notFound:
            "the issuer no longer knows this pass (HTTP 404)"
        case .serverFailed(let status):
            "the issuer's server failed (HTTP \(status)): try again later"
        case .retryLater(let status, let seconds):
            "the issuer's server is busy (HTTP \(status)) and asks to wait \(seconds) s before pulling again"
        case .unexpectedStatus(let status):
            "the issuer's server answered HTTP \(status), which the PassKit web service never sends here"
        case .malformed(let detail):
            "the issuer's answer is not a valid pass: \(detail)"
        }
    }

    /// The seconds the server asked to wait, if it did.
    public var retryAfter: Int? {
        if case .retryLater(_, let seconds) = self { return seconds }
        return nil
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
