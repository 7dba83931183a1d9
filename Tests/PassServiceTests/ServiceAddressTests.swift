import Foundation
import Testing
@testable import PassService

/// Which web service addresses the wallet talks to, and the origin a token stays with.
@Suite struct ServiceAddressTests {
    @Test func httpsAnywherePlainHTTPOnlyOnLoopback() throws {
        #expect(throws: Never.self) { try ServiceAddress.checked("https://passes.example.com/pk") }
        for local in ["http://127.0.0.1:8000/", "http://127.3.4.5/", "http://[::1]:80/", "http://localhost/"] {
            #expect(throws: Never.self) { try ServiceAddress.checked(local) }
        }
        for refused in ["http://passes.example.com/", "http://10.0.0.1/", "file:///etc/passwd", "ftp://x/", "passes", ""] {
            #expect(throws: PassServiceError.self) { try ServiceAddress.checked(refused) }
        }
    }

    @Test func originsDifferByHostPortAndScheme() throws {
        let base = try #require(URL(string: "https://a.example/pk"))
        #expect(ServiceAddress.origin(base) == ServiceAddress.origin(try #require(URL(string: "https://A.example:443/other"))))
        #expect(ServiceAddress.origin(base) != ServiceAddress.origin(try #require(URL(string: "https://b.example/pk"))))
        #expect(ServiceAddress.origin(base) != ServiceAddress.origin(try #require(URL(string: "https://a.example:8443/pk"))))
    }

    @Test func statusesBecomeClearReasons() {
        func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Data())
        }
        #expect(PassWebService.failure(response(401)) == .unauthorized)
        #expect(PassWebService.failure(response(404)) == .notFound)
        #expect(PassWebService.failure(response(502)) == .serverFailed(502))
        #expect(PassWebService.failure(response(503, ["retry-after": "120"])) == .retryLater(503, seconds: 120))
        #expect(
            PassWebService.failure(response(429, ["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"]))
                == .retryLater(429, seconds: 0))
        #expect(PassWebService.failure(response(418)) == .unexpectedStatus(418))
    }
}
