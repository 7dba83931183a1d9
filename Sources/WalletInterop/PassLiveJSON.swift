import Foundation
import WalletCore

/// The parts of `pass.json` that make a pass live (``LivePass``), decoded apart from
/// ``PassJSON`` (which maps the card): identity, web service, dates, locations, and every
/// field with its key and change message.
struct PassLiveJSON: Decodable {
    var serialNumber: String?
    var passTypeIdentifier: String?
    var webServiceURL: String?
    var authenticationToken: String?
    var relevantDate: String?
    var expirationDate: String?
    var voided: Bool?
    var locations: [Location]?
    var storeCard: Structure?
    var coupon: Structure?
    var generic: Structure?
    var eventTicket: Structure?
    var boardingPass: Structure?

    struct Location: Decodable {
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var relevantText: String?
    }

    struct Structure: Decodable {
        var headerFields: [Field]?
        var primaryFields: [Field]?
        var secondaryFields: [Field]?
        var auxiliaryFields: [Field]?
        var backFields: [Field]?
    }

    struct Field: Decodable {
        var key: String?
        var label: String?
        var value: PassFieldValue?
        var changeMessage: String?
        var currencyCode: String?
    }

    var structure: Structure? { storeCard ?? coupon ?? generic ?? eventTicket ?? boardingPass }
}

/// Maps a pass's live parts to a ``LivePass``.
enum PassLiveReading {
    /// The live pass in `data` (`pass.json`), its texts localized by `strings`. A pass that names
    /// no serial number or pass type has them empty: it is kept for its authenticity, never pulled
    /// (``LivePass/isLive``).
    static func pass(passJSON data: Data, strings: PKPassStrings, signed: Bool) throws(LocatedProblem) -> LivePass {
        let json: PassLiveJSON
        do {
            json = try JSONDecoder().decode(PassLiveJSON.self, from: data)
        } catch {
            throw JSONProblem.located(error)
        }
        let serial = nonEmpty(json.serialNumber) ?? ""
        let type = nonEmpty(json.passTypeIdentifier) ?? ""
        let sections: [(PassFieldSection, [PassLiveJSON.Field]?)] = [
            (.header, json.structure?.headerFields), (.primary, json.structure?.primaryFields),
            (.secondary, json.structure?.secondaryFields), (.auxiliary, json.structure?.auxiliaryFields),
            (.back, json.structure?.backFields),
        ]
        var fields: [LiveField] = []
        for (section, list) in sections {
            for (index, field) in (list ?? []).enumerated() {
                guard let value = field.value?.text.map({ strings.localized($0) ?? $0 }) else { continue }
                fields.append(
                    LiveField(
                        key: nonEmpty(field.key) ?? "\(section.rawValue)\(index)", label: strings.localized(field.label),
                        value: value, changeMessage: strings.localized(field.changeMessage), section: section))
            }
        }
        return LivePass(
            serialNumber: serial, passTypeIdentifier: type, webServiceURL: nonEmpty(json.webServiceURL),
            authenticationToken: nonEmpty(json.authenticationToken),
            relevantDate: try date(json.relevantDate, field: "relevantDate"),
            expirationDate: try date(json.expirationDate, field: "expirationDate"), voided: json.voided ?? false,
            locations: (json.locations ?? []).map {
                PassLocation(
                    latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                    relevantText: strings.localized($0.relevantText))
            },
            fields: fields, signed: signed)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A W3C date-time (seconds optional, as passes in the wild write it) or a bare day.
    private static func date(_ text: String?, field: String) throws(LocatedProblem) -> Date? {
        guard let text = nonEmpty(text) else { return nil }
        if let date = ISO8601.parse(text) ?? ISO8601.parse(PKPassReader.withSeconds(text)) { return date }
        if text.count == 10, CardDate.isValid(text), let date = ISO8601.parse(text + "T00:00:00Z") { return date }
        throw LocatedProblem(.invalidDate(field: field, value: text), at: .jsonPath(field))
    }
}
