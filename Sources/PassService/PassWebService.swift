import Foundation

/// A client of one issuer's PassKit web service (Apple's PassKit Web Service Reference): every
/// path starts at the pass's `webServiceURL` + `/v1`; requests about a pass carry
/// `Authorization: ApplePass <authenticationToken>`, which never goes to another origin.
struct PassWebService: Sendable {
    /// `webServiceURL`, checked by ``ServiceAddress``.
    let base: URL
    let token: String
    let transport: HTTPTransport

    init(webServiceURL: String, token: String, transport: HTTPTransport) throws(PassServiceError) {
        base = try ServiceAddress.checked(webServiceURL)
        self.token = token
        self.transport = transport
    }

    /// The serials changed since `tag` (nil: all registered), with the new tag; nil on 204.
    struct ChangedSerials: Decodable, Sendable {
        var serialNumbers: [String]
        var lastUpdated: String?
    }

    /// A pass as the issuer sent it, with its `Last-Modified`.
    struct FetchedPass: Sendable {
        var data: Data
        var lastModified: String?
    }

    /// Registers the device for the pass (201 new, 200 already known). There is no push service
    /// on Linux: the push token is the device identifier, and the wallet pulls.
    func register(device: String, passType: String, serial: String) throws(PassServiceError) {
        let body = Data(#"{"pushToken":"\#(device)"}"#.utf8)
        let response = try send("POST", ["devices", device, "registrations", passType, serial], body: body, authorized: true)
        guard response.status == 200 || response.status == 201 else { throw Self.failure(response) }
    }

    /// `GET /devices/{device}/registrations/{passType}?passesUpdatedSince=TAG`.
    func changedSerials(device: String, passType: String, since tag: String?) throws(PassServiceError) -> ChangedSerials? {
        let query = tag.map { ["passesUpdatedSince": $0] } ?? [:]
        let response = try send("GET", ["devices", device, "registrations", passType], query: query, authorized: false)
        if response.status == 204 { return nil }
        guard response.status == 200 else { throw Self.failure(response) }
        do {
            return try JSONDecoder().decode(ChangedSerials.self, from: response.body)
        } catch {
            throw .malformed("the list of changed passes is not {\"serialNumbers\": [...], \"lastUpdated\": ...}")
        }
    }

    /// `GET /passes/{passType}/{serial}` with `If-Modified-Since`; nil on 304 (unchanged).
    func latestPass(passType: String, serial: String, ifModifiedSince: String?) throws(PassServiceError) -> FetchedPass? {
        let headers = ifModifiedSince.map { [("If-Modified-Since", $0)] } ?? []
        let response = try send("GET", ["passes", passType, serial], headers: headers, authorized: true)
        if response.status == 304 { return nil }
        guard response.status == 200 else { throw Self.failure(response) }
        return FetchedPass(data: response.body, lastModified: response.headers["last-modified"])
    }

    /// `DELETE` of the registration (the card was removed).
    func unregister(device: String, passType: String, serial: String) throws(PassServiceError) {
        let response = try send("DELETE", ["devices", device, "registrations", passType, serial], authorized: true)
        guard (200...299).contains(response.status) || response.status == 404 else { throw Self.failure(response) }
    }

    /// `POST /log` with the client's error messages.
    func log(_ messages: [String]) throws(PassServiceError) {
        let body = (try? JSONSerialization.data(withJSONObject: ["logs": messages])) ?? Data()
        let response = try send("POST", ["log"], body: body, authorized: false)
        guard (200...299).contains(response.status) else { throw Self.failure(response) }
    }

    /// The status a PassKit request failed with, as a per-card reason.
    static func failure(_ response: HTTPResponse) -> PassServiceError {
        let status = response.status
        if status == 429 || status == 503, let text = response.headers["retry-after"] {
            if let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
                return .retryLater(status, seconds: min(seconds, 86_400))
            }
            if let date = HTTPDate.parse(text) {
                return .retryLater(status, seconds: max(0, min(86_400, Int(date.timeIntervalSinceNow.rounded(.up)))))
            }
        }
        return switch status {
        case 401, 403: .unauthorized
        case 404, 410: .notFound
        case 500...599: .serverFailed(status)
        default: .unexpectedStatus(status)
        }
    }

    /// Sends the request, following at most `maximumRedirects` redirects of the same scheme to
    /// addresses ``ServiceAddress`` allows; the token is dropped once the origin changes.
    private func send(
        _ method: String, _ path: [String], query: [String: String] = [:], headers: [(String, String)] = [],
        body: Data? = nil, authorized: Bool
    ) throws(PassServiceError) -> HTTPResponse {
        var request = HTTPRequest(method: method, url: url(path, query: query), headers: headers, body: body)
        if body != nil { request.headers.append(("Content-Type", "application/json")) }
        let origin = ServiceAddress.origin(base)
        for _ in 0...transport.limits.maximumRedirects {
            var sent = request
            if authorized && ServiceAddress.origin(request.url) == origin {
                sent.headers.append(("Authorization", "ApplePass \(token)"))
            }
            let response = try transport.perform(sent)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return response
            }
            guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
                target.scheme?.lowercased() == request.url.scheme?.lowercased(),
                (try? ServiceAddress.checked(target.absoluteString)) != nil
            else {
                throw .refusedRedirect(location)
            }
            request.url = target
            if response.status == 303 { (request.method, request.body) = ("GET", nil) }
        }
        throw .tooManyRedirects(transport.limits.maximumRedirects)
    }

    /// `base` + `/v1/` + the percent-encoded path segments (+ the query).
    private func url(_ path: [String], query: [String: String]) -> URL {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/;?#")
        let encoded = path.map { $0.addingPercentEncoding(withAllowedCharacters: segment) ?? $0 }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/v1/" + encoded.joined(separator: "/")
        if !query.isEmpty {
            var value = CharacterSet.urlQueryAllowed
            value.remove(charactersIn: "&=+")
            text +=
                "?"
                + query.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: value) ?? $0.value)" }.joined(
                    separator: "&")
        }
        return URL(string: text) ?? base
    }
}
