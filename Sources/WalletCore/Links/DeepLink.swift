import Foundation

/// The wallet's URL scheme, parsed and built in this one place.
///
/// `wallet://` opens the app; `wallet://card/<id>` opens a card. Parsing is strict, the way a
/// router facing URLs from anywhere must be: other schemes, other hosts, extra or empty path
/// segments (`wallet://card/../x`), percent-escapes, queries, fragments, credentials, ports
/// and ids that are not UUIDs are refused.
public enum DeepLink: Equatable, Sendable {
    /// The app's home screen.
    case app
    /// One card.
    case card(UUID)

    public static let scheme = "wallet"

    /// Parses `url`, refusing anything but the two forms above (the case of the scheme and of the
    /// host `card` is ignored, as RFC 3986 says; a single trailing `/` is accepted).
    public init(parsing url: String) throws(DeepLinkError) {
        guard let separator = url.range(of: "://") else { throw .notAURL(url) }
        let scheme = url[..<separator.lowerBound]
        guard scheme.lowercased() == Self.scheme else { throw .foreignScheme(url, scheme: String(scheme)) }
        var rest = Substring(url[separator.upperBound...])
        if let forbidden = rest.firstIndex(where: { "?#%@\\".contains($0) || $0.isWhitespace }) {
            throw .malformed(url, reason: "unexpected '\(rest[forbidden])'")
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.isEmpty {
            self = .app
            return
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard segments[0].lowercased() == "card" else { throw .unknownDestination(url, host: String(segments[0])) }
        guard segments.count == 2 else {
            throw .malformed(url, reason: "a card link is wallet://card/<id> with nothing after the id")
        }
        guard let id = UUID(uuidString: String(segments[1])) else { throw .invalidCardID(url, id: String(segments[1])) }
        self = .card(id)
    }

    /// The URL string (`wallet://`, or `wallet://card/<lower-case id>`).
    public var url: String {
        switch self {
        case .app: "\(Self.scheme)://"
        case .card(let id): "\(Self.scheme)://card/\(id.lowercasedText)"
        }
    }
}

/// Why a URL is not a wallet deep link; one line each.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAURL(String)
    case foreignScheme(String, scheme: String)
    case unknownDestination(String, host: String)
    case malformed(String, reason: String)
    case invalidCardID(String, id: String)

    public var description: String {
        let forms = "use wallet:// or wallet://card/<id>"
        return switch self {
        case .notAURL(let url): "'\(Self.short(url))' is not a URL: \(forms)"
        case .foreignScheme(let url, let scheme):
            "'\(Self.short(url))' is a \(Self.short(scheme)): link, not a wallet link: \(forms)"
        case .unknownDestination(let url, let host):
            "'\(Self.short(url))' opens unknown destination '\(Self.short(host))': \(forms)"
        case .malformed(let url, let reason): "'\(Self.short(url))' is not a valid wallet link (\(reason)): \(forms)"
        case .invalidCardID(let url, let id):
            "'\(Self.short(url))' names card '\(Self.short(id))', which is not a card id (a UUID): \(forms)"
        }
    }

    /// `text` cut to 80 characters, saying how long it was: a 100 KB link makes a short message.
    private static func short(_ text: String) -> String {
        text.count <= 80 ? text : "\(text.prefix(60))... (\(text.count) characters)"
    }
}
