import Foundation
import Glibc

/// Which addresses the wallet talks to: https anywhere, plain http only to this machine
/// (loopback: 127.0.0.0/8, ::1, localhost), for development and tests. Nothing else (file://,
/// ftp://, ...) is ever requested.
enum ServiceAddress {
    /// `text` as a URL the wallet may request, or the reason it may not.
    static func checked(_ text: String) throws(PassServiceError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw .refusedAddress(text, "not an absolute URL")
        }
        guard scheme == "https" || scheme == "http" else {
            throw .refusedAddress(text, "\(scheme):// is not a web service (https only)")
        }
        guard let host = url.host, !host.isEmpty else { throw .refusedAddress(text, "the address names no host") }
        switch scheme {
        case "https": return url
        case "http" where isLoopback(host): return url
        case "http":
            throw .refusedAddress(text, "plain http is only allowed to this machine (127.0.0.1, ::1); the issuer must use https")
        default: throw .refusedAddress(text, "\(scheme):// is not a web service (https only)")
        }
    }

    /// True for `localhost` and loopback IP addresses.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return false
    }

    /// Scheme, host and port: where a token may go.
    static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
