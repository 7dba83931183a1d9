import Foundation
import WalletCore
import WalletInterop

/// What a pull did to one card.
public enum PullStatus: Sendable, Equatable {
    /// The issuer's new version was applied: what changed and the messages it brought.
    case changed([FieldChange], messages: [String])
    /// The issuer has nothing newer.
    case unchanged
    /// Nothing was applied, and why.
    case failed(String)
}

/// One card's pull.
public struct PullOutcome: Sendable, Equatable {
    public var cardID: UUID
    public var store: String
    public var status: PullStatus
    /// Seconds the issuer asked to wait before the next pull (`Retry-After`), if it did.
    public var retryAfter: Int?
}

/// Pulls live cards from their issuers (`wallet card update`, the host's pulls): per web
/// service and pass type, registers the device for passes not registered yet, asks once which
/// passes changed since the last list (`passesUpdatedSince`), then fetches only those, each
/// with `If-Modified-Since`; a pass is read and checked by the import's own reader (manifest
/// digests, signature, limits, card rules) and applied in one transaction through the
/// repository, which refuses it unless it is signed by the same team for the same pass type as
/// the pass it replaces (a refusal is reported to the issuer's `/log`). A service that cannot
/// list changes is asked for each pass instead.
public struct PassPuller {
    let repository: CardRepository
    let transport: HTTPTransport
    let languages: [String]
    /// Requests sent so far (for the benchmark's count).
    public private(set) var requests = 0

    public init(
        repository: CardRepository, limits: PullLimits = PullLimits(), languages: [String] = PKPassStrings.preferredLanguages()
    ) {
        self.repository = repository
        self.transport = HTTPTransport(limits: limits)
        self.languages = languages
    }

    /// Pulls `endpoints`, in their order; `report` hears each card's outcome as it is known.
    public func pull(_ endpoints: [LiveEndpoint], report: (PullOutcome) -> Void = { _ in }) throws -> [PullOutcome] {
        let device = try repository.deviceLibraryIdentifier()
        var outcomes: [UUID: PullOutcome] = [:]
        var groups: [String: [LiveEndpoint]] = [:]
        var order: [String] = []
        for endpoint in endpoints {
            let key = endpoint.webServiceURL + "\n" + endpoint.passTypeIdentifier
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(endpoint)
        }
        for key in order {
            for outcome in try pullGroup(groups[key]!, device: device) {
                outcomes[outcome.cardID] = outcome
                report(outcome)
            }
        }
        return endpoints.compactMap { outcomes[$0.cardID] }
    }

    /// One web service and pass type.
    private func pullGroup(_ endpoints: [LiveEndpoint], device: String) throws -> [PullOutcome] {
        let first = endpoints[0]
        let service: PassWebService
        do {
            service = try PassWebService(
                webServiceURL: first.webServiceURL, token: first.authenticationToken, transport: transport)
        } catch {
            return endpoints.map {
                PullOutcome(cardID: $0.cardID, store: $0.store, status: .failed(error.description), retryAfter: nil)
            }
        }
        var outcomes: [PullOutcome] = []
        var pending: [LiveEndpoint] = []
        for endpoint in endpoints {
            if endpoint.registered {
                pending.append(endpoint)
                continue
            }
            do {
                try service.withToken(endpoint.authenticationToken).register(
                    device: device, passType: endpoint.passTypeIdentifier, serial: endpoint.serialNumber)
                try repository.markRegistered(endpoint.cardID)
                pending.append(endpoint)
            } catch let error as PassServiceError {
                outcomes.append(
                    PullOutcome(
                        cardID: endpoint.cardID, store: endpoint.store, status: .failed(error.description),
                        retryAfter: error.retryAfter))
            }
        }
        guard !pending.isEmpty else { return outcomes }
        let tag = try repository.updateTag(webServiceURL: first.webServiceURL, passTypeIdentifier: first.passTypeIdentifier)
        var toFetch = pending
        var listed = false
        var newTag: String?
        do {
            let changed = try service.changedSerials(device: device, passType: first.passTypeIdentifier, since: tag)
            let serials = Set(changed?.serialNumbers ?? [])
            toFetch = pending.filter { serials.contains($0.serialNumber) }
            let untouched = pending.filter { !serials.contains($0.serialNumber) }
            try repository.markPulled(untouched.map(\.cardID))
            outcomes += untouched.map { PullOutcome(cardID: $0.cardID, store: $0.store, status: .unchanged, retryAfter: nil) }
            newTag = changed?.lastUpdated
            listed = true
        } catch {
            // No usable list: ask for each pass (If-Modified-Since keeps unchanged ones cheap).
        }
        var allApplied = true
        for endpoint in toFetch {
            let outcome = fetch(endpoint, service: service.withToken(endpoint.authenticationToken), listed: listed)
            if case .failed = outcome.status { allApplied = false }
            outcomes.append(outcome)
        }
        if allApplied, let newTag {
            try repository.setUpdateTag(newTag, webServiceURL: first.webServiceURL, passTypeIdentifier: first.passTypeIdentifier)
        }
        return outcomes
    }

    /// Fetches one pass and applies it. A pass the issuer `listed` as changed is fetched without
    /// `If-Modified-Since`: `Last-Modified` has whole seconds only, so a change made within the
    /// second of the previous pull would answer 304 (django-walletpass does).
    private func fetch(_ endpoint: LiveEndpoint, service: PassWebService, listed: Bool) -> PullOutcome {
        func outcome(_ status: PullStatus, retryAfter: Int? = nil) -> PullOutcome {
            PullOutcome(cardID: endpoint.cardID, store: endpoint.store, status: status, retryAfter: retryAfter)
        }
        do {
            guard
                let fetched = try service.latestPass(
                    passType: endpoint.passTypeIdentifier, serial: endpoint.serialNumber,
                    ifModifiedSince: listed ? nil : endpoint.lastModified)
            else {
                try repository.markPulled([endpoint.cardID])
                return outcome(.unchanged)
            }
            let archive = try PKPassReader(now: Date(), languages: languages).read(fetched.data, file: "the issuer's pass")
            guard let card = archive.cards.first else {
                return outcome(.failed(PassServiceError.malformed("no card").description))
            }
            let result = try repository.applyPassUpdate(endpoint.cardID, issuer: card, lastModified: fetched.lastModified)
            return outcome(result.changes.isEmpty ? .unchanged : .changed(result.changes, messages: result.messages))
        } catch let error as PassServiceError {
            return outcome(.failed(error.description), retryAfter: error.retryAfter)
        } catch let error as ImportError {
            let reason = PassServiceError.malformed(error.description).description
            report(reason, endpoint, service)
            return outcome(.failed(reason))
        } catch {
            let reason = String(describing: error)
            report(reason, endpoint, service)
            return outcome(.failed(reason))
        }
    }

    /// Tells the issuer's `/log` why the wallet refused what it sent (best effort, no token).
    private func report(_ reason: String, _ endpoint: LiveEndpoint, _ service: PassWebService) {
        try? service.log(["wallet: refused \(endpoint.passTypeIdentifier) \(endpoint.serialNumber): \(reason)"])
    }

    /// Tells the issuer this device no longer holds the pass (`card remove`).
    public func unregister(_ endpoint: LiveEndpoint) throws(PassServiceError) {
        let device = (try? repository.deviceLibraryIdentifier()) ?? ""
        let service = try PassWebService(
            webServiceURL: endpoint.webServiceURL, token: endpoint.authenticationToken, transport: transport)
        try service.unregister(device: device, passType: endpoint.passTypeIdentifier, serial: endpoint.serialNumber)
    }
}

extension PassWebService {
    /// The same service with another pass's token (passes of one type share a service, not a token).
    func withToken(_ token: String) -> PassWebService {
        (try? PassWebService(webServiceURL: base.absoluteString, token: token, transport: transport)) ?? self
    }
}
