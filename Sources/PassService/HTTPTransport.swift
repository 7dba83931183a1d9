import Foundation
internal import CCurl

/// One HTTP request the PassKit client makes.
struct HTTPRequest: Sendable {
    var method: String
    var url: URL
    var headers: [(String, String)] = []
    var body: Data?
}

/// The answer: status, the headers the client reads (names lower-cased), the body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// Limits of every exchange with an issuer.
public struct PullLimits: Sendable {
    /// The whole exchange, connection included, in seconds.
    public var timeout: Double
    /// The most bytes an answer may hold (a pass: the import limit).
    public var maximumBytes: Int
    /// The most redirects followed for one request.
    public var maximumRedirects: Int

    public init(timeout: Double = 30, maximumBytes: Int = 64 * 1024 * 1024, maximumRedirects: Int = 3) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
    }
}

/// Performs one request with libcurl: no redirects followed (the client decides), http and
/// https only, bounded in time and bytes.
struct HTTPTransport: Sendable {
    var limits: PullLimits

    func perform(_ request: HTTPRequest) throws(PassServiceError) -> HTTPResponse {
        let curl = try CurlLibrary.shared()
        let api = curl.api
        guard let handle = api.curl_easy_init() else { throw .unreachable("libcurl could not start a request") }
        defer { api.curl_easy_cleanup(handle) }
        let collector = Collector(limit: limits.maximumBytes)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { if let headerList { api.curl_slist_free_all(headerList) } }
        for (name, value) in request.headers + [("Expect", "")] {
            headerList = api.curl_slist_append(headerList, "\(name): \(value)")
        }
        let milliseconds = max(1, Int(limits.timeout * 1000))
        var api2 = api
        let body = request.body ?? Data()
        let code: CURLcode = request.url.absoluteString.withCString { url in
            "http,https".withCString { protocols in
                request.method.withCString { method in
                    body.withUnsafeBytes { bytes in
                        var set = CURLE_OK
                        func check(_ result: CURLcode) { if set == CURLE_OK { set = result } }
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_URL, url))
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_PROTOCOLS_STR, protocols))
                        check(wallet_curl_set_long(&api2, handle, CURLOPT_FOLLOWLOCATION, 0))
                        check(wallet_curl_set_long(&api2, handle, CURLOPT_NOSIGNAL, 1))
                        check(wallet_curl_set_long(&api2, handle, CURLOPT_TIMEOUT_MS, milliseconds))
                        check(wallet_curl_set_long(&api2, handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds))
                        check(wallet_curl_set_offset(&api2, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maximumBytes)))
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_CUSTOMREQUEST, method))
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_HTTPHEADER, headerList))
                        if request.method == "GET" { check(wallet_curl_set_long(&api2, handle, CURLOPT_HTTPGET, 1)) }
                        if request.body != nil {
                            check(wallet_curl_set_offset(&api2, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)))
                            check(
                                wallet_curl_set_pointer(
                                    &api2, handle, CURLOPT_POSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(url)))
                        }
                        check(wallet_curl_set_callback(&api2, handle, CURLOPT_WRITEFUNCTION, Collector.receiveBody))
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_WRITEDATA, context))
                        check(wallet_curl_set_callback(&api2, handle, CURLOPT_HEADERFUNCTION, Collector.receiveHeader))
                        check(wallet_curl_set_pointer(&api2, handle, CURLOPT_HEADERDATA, context))
                        guard set == CURLE_OK else { return set }
                        return api.curl_easy_perform(handle)
                    }
                }
            }
        }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut(limits.timeout)
        case CURLE_FILESIZE_EXCEEDED: throw .tooLarge(limits.maximumBytes)
        case CURLE_WRITE_ERROR where collector.exceeded: throw .tooLarge(limits.maximumBytes)
        default: throw .unreachable(api.curl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)")
        }
        var status = 0
        _ = wallet_curl_get_long(&api2, handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: collector.headers, body: collector.body)
    }
}

/// Gathers an answer's headers and body for libcurl's callbacks, refusing past the limit.
private final class Collector {
    let limit: Int
    var body = Data()
    var headers: [String: String] = [:]
    var exceeded = false

    init(limit: Int) { self.limit = limit }

    static let receiveBody: wallet_curl_data_callback = { data, size, count, context in
        let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard collector.body.count + length <= collector.limit else {
            collector.exceeded = true
            return 0
        }
        if let data { collector.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length) }
        return length
    }

    static let receiveHeader: wallet_curl_data_callback = { data, size, count, context in
        let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard let data, length < 16 * 1024 else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") { collector.headers = [:] }  // a new response (after 100 Continue)
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            collector.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return length
    }
}
