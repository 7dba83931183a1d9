import Foundation
import WalletCore

/// Why a widget was (re)rendered, as the widget host reports it.
public enum ReloadReason: String, Codable, Sendable, CaseIterable {
    /// The host started (or restarted) and rendered every widget.
    case start
    /// The app side changed cards the widget shows.
    case data
    /// The widget was added or configured.
    case configuration
    /// A timeline entry's date arrived.
    case entry
    /// The timeline's reload policy fired.
    case policy
    /// A widget button ran its intent.
    case intent
    /// A live card was updated by its issuer (a pull by the host).
    case update
    /// A sync brought changes from another device (`wallet sync`).
    case sync
}

/// A request, made on the app or intent side, that the widget host reload one widget at once.
public struct ReloadRequest: Codable, Equatable, Sendable {
    public var widget: String
    public var reason: ReloadReason

    public init(widget: String, reason: ReloadReason) {
        self.widget = widget
        self.reason = reason
    }
}

extension WidgetCenter {
    /// How many requests wait at most; a host that is not running never consumes them, so the
    /// oldest go first.
    static let pendingRequestLimit = 256

    var requestsFile: JSONLinesFile<ReloadRequest> {
        JSONLinesFile(url: container.file("reload-requests.jsonl"), limit: Self.pendingRequestLimit)
    }

    /// Asks the widget host to reload `widgetID` now for `reason` (e.g. after a button's intent
    /// wrote the store). Appended to `reload-requests.jsonl` under the widgets lock; the host
    /// watches that file, consumes the requests and reports the renders with `reason`.
    public func requestReload(_ widgetID: String, reason: ReloadReason) throws(WidgetError) {
        try withLock { () throws(WidgetError) in
            try requestsFile.append([ReloadRequest(widget: widgetID, reason: reason)])
        }
    }

    /// The pending requests, oldest first; they are removed from the container.
    public func takeReloadRequests() throws(WidgetError) -> [ReloadRequest] {
        guard FileManager.default.fileExists(atPath: requestsFile.url.path) else { return [] }
        return try withLock { () throws(WidgetError) -> [ReloadRequest] in
            let requests = requestsFile.read()
            try requestsFile.write([])
            return requests
        }
    }
}
