import Foundation

/// The parts of an Apple Wallet `pass.json` a loyalty card uses; everything else is ignored.
struct PassJSON: Decodable {
    var organizationName: String?
    /// Required by Apple; the number of a pass that has no barcode.
    var serialNumber: String?
    var logoText: String?
    var description: String?
    var backgroundColor: String?
    var expirationDate: String?
    var voided: Bool?
    /// The current key: the first entry with a supported format is used.
    var barcodes: [PassBarcode]?
    /// The key deprecated in iOS 9, still found in older passes.
    var barcode: PassBarcode?
    var storeCard: PassStructure?
    var coupon: PassStructure?
    var generic: PassStructure?
    var eventTicket: PassStructure?
    var boardingPass: PassStructure?

    /// The style's field structure, whichever style the pass has.
    var structure: PassStructure? { storeCard ?? coupon ?? generic ?? eventTicket ?? boardingPass }
}

/// One barcode of a pass.
struct PassBarcode: Decodable {
    var format: String?
    var message: String?
    /// The character set of `message`'s bytes in the symbol, usually `iso-8859-1`.
    var messageEncoding: String?
    var altText: String?
}

/// The field lists of a pass style.
struct PassStructure: Decodable {
    var headerFields: [PassField]?
    var primaryFields: [PassField]?
    var secondaryFields: [PassField]?
    var auxiliaryFields: [PassField]?
    var backFields: [PassField]?

    /// Front fields, most prominent first.
    var frontFields: [PassField] {
        (primaryFields ?? []) + (secondaryFields ?? []) + (auxiliaryFields ?? []) + (headerFields ?? [])
    }

    /// Every field in the order Catima writes them into a card's note: header, primary,
    /// secondary, auxiliary, then back.
    var noteFields: [PassField] {
        (headerFields ?? []) + (primaryFields ?? []) + (secondaryFields ?? []) + (auxiliaryFields ?? []) + (backFields ?? [])
    }
}

/// A label and value shown on a pass.
struct PassField: Decodable {
    var label: String?
    var value: PassFieldValue?
    var currencyCode: String?
}

/// A field value: text, a number (balances) or anything else (dates are strings too).
enum PassFieldValue: Decodable {
    case text(String)
    case number(Decimal)
    case other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Decimal.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .other
        }
    }

    /// The value as display text.
    var text: String? {
        switch self {
        case .text(let text): text
        case .number(let number): "\(number)"
        case .other: nil
        }
    }
}
