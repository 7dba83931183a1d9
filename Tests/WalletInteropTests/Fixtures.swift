import Barcodes
import Foundation
import ZipArchive
import WalletCore
@testable import WalletInterop

/// Test data written for these tests: Catima files, passes and helpers.
enum Fixtures {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let utc = TimeZone(identifier: "UTC")!

    static let cardsHeader =
        "_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,barcodeencoding,headercolor,starstatus,lastused,archive"

    /// A valid value for every Catima barcode type.
    static let codes: [(catima: String, format: Symbology, code: String)] = [
        ("QR_CODE", .qr, "QR-1"),
        ("AZTEC", .aztec, "AZ-123"),
        ("PDF_417", .pdf417, "PDF417 data"),
        ("DATA_MATRIX", .dataMatrix, "DM-0042"),
        ("CODE_128", .code128, "ABC-123"),
        ("CODE_39", .code39, "CODE39 TEST"),
        ("CODE_93", .code93, "CODE93"),
        ("CODABAR", .codabar, "A123456B"),
        ("EAN_13", .ean13, "5901234123457"),
        ("EAN_8", .ean8, "96385074"),
        ("UPC_A", .upcA, "036000291452"),
        ("UPC_E", .upcE, "01234565"),
        ("ITF", .itf, "12345678"),
    ]

    /// A version 2 export with every barcode type, a multi-line note with quotes and a blank
    /// line, groups (one unused), starred and archived cards, balances with and without currency
    /// and a card without barcode or color. Lines end in LF.
    static var catimaV2: String {
        var lines = ["2", "", "_id", "Food", "Travel", "Unused", "", cardsHeader]
        for (offset, entry) in codes.enumerated() {
            let id = offset + 1
            switch id {
            case 1:
                lines.append(
                    "1,QR Store,\"Line one\nLine \"\"two\"\", with comma\n\nafter a blank line\",,1767225600000,"
                        + "12.50,EUR,QR-1,https://example.com/q?id=1,QR_CODE,UTF-8,-16776961,1,1730493938,0")
            case 2:
                lines.append("2,Aztec Shop,,,,0,,AZ-123,,AZTEC,ISO-8859-1,-65536,0,0,1")
            case 3:
                lines.append("3,\"PDF, Inc.\",,,,150,,PDF417 data,,PDF_417,,-16711936,0,,0")
            default:
                lines.append("\(id),Store \(id),,,,0,,\(entry.code),,\(entry.catima),,-12345678,0,1700000000,0")
            }
        }
        lines.append("14,Library,,,,,,4242,,,,,0,0,0")
        lines += ["", "cardId,groupId", "1,Food", "1,Travel", "9,Food", "14,Travel", ""]
        return lines.joined(separator: "\n")
    }

    /// A version 1 file (single cards table, older columns, no version line).
    static let catimaV1 = """
        _id,store,note,cardid,barcodetype,headercolor,headertextcolor
        1,Old Shop,"old, ""quoted"" note",123456,CODE_128,-1,-16777216
        2,Points Club,,555,,,

        """

    /// A zip of `files`, built with ZIPFoundation.
    static func zip(_ files: [(String, String)]) throws -> Data {
        try ZipContainer.archiveData(files: files.map { ($0.0, Data($0.1.utf8)) }, modified: now)
    }

    /// A pass zip of `files` with the `manifest.json` of their SHA-1 digests and a signature,
    /// all inside the folder `root` ("" or "Name.pass/").
    static func pkpass(_ files: [(String, Data)], root: String = "") throws -> Data {
        let digests = Dictionary(uniqueKeysWithValues: files.map { ($0.0, PassManifest.sha1Hex($0.1)) })
        let manifest = try JSONEncoder().encode(digests)
        let all = files + [("manifest.json", manifest), ("signature", Data("x".utf8))]
        return try ZipContainer.archiveData(files: all.map { (root + $0.0, $0.1) }, modified: now)
    }

    /// The same cards with ids, creation dates and usage cleared, for comparing imports.
    static func comparable(_ cards: [Card]) -> [Card] {
        cards.map { card in
            var copy = card
            copy.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
            copy.createdAt = now
            return copy
        }
    }

    static func located(_ error: any Error) -> LocatedProblem? { error as? LocatedProblem }
}
