import Barcodes
import Camera
import Foundation
import Scanning
import Testing
import WalletCore
import WalletInterop
import WalletTestSupport

@testable import App

/// The add page's logic without a display: what a scan offers (``ScanOffer``), what a scanned
/// form saves (``ScannedDraft``), the scan settings, and imports (``CardImport``).
@Suite struct AddFlowTests {
    private func found(
        _ format: ScannedFormat, _ text: String, unconfirmed: Bool = false, disputed: Bool = false
    )
        -> ScannedBarcode
    {
        ScannedBarcode(
            format: format, text: text, corners: Array(repeating: ScanPoint(x: 0, y: 0), count: 4), page: nil,
            disputed: disputed, unconfirmed: unconfirmed)
    }

    @Test func oneCodeIsChosenAtOnce() {
        let offer = ScanOffer(found: [found(.storable(.qr), "MEMBER-1")], file: "card.png")
        guard case .chosen(let code) = offer.outcome else {
            Issue.record("\(offer.outcome)")
            return
        }
        #expect(code.symbology == .qr && code.payload == "MEMBER-1" && code.display == "MEMBER-1")
    }

    @Test func severalCodesAreListedAndEachCanBePicked() {
        let offer = ScanOffer(
            found: [
                found(.storable(.ean13), "4006381333931"), found(.storable(.qr), "MEMBER-1"),
                found(.unsupported("maxicode"), "M"),
            ], file: "two.png")
        guard case .choose(let entries) = offer.outcome else {
            Issue.record("\(offer.outcome)")
            return
        }
        #expect(entries.map(\.name) == ["EAN-13 4006381333931", "QR code MEMBER-1", "maxicode M"])
        #expect(entries[0].refusal == nil && entries[1].refusal == nil)
        #expect(entries[2].refusal?.contains("the wallet cannot store maxicode codes") == true)
        guard case .chosen(let second) = offer.pick(2) else {
            Issue.record("not chosen")
            return
        }
        #expect(second.payload == "MEMBER-1")
        guard case .refused(let message) = offer.pick(3) else {
            Issue.record("not refused")
            return
        }
        #expect(message.hasPrefix("the barcode in two.png is maxicode"))
    }

    @Test func aReadingSeenOnceAsksFirstAndIsChosenWhenConfirmed() {
        let offer = ScanOffer(found: [found(.storable(.ean13), "4006381333931", unconfirmed: true)], file: "once.png")
        #expect(offer.outcome == .confirm(ScanOffer.Entry(number: 1, format: "EAN-13", text: "4006381333931", page: nil)))
        guard case .chosen(let code) = offer.pick(1, confirmed: true) else {
            Issue.record("not chosen")
            return
        }
        #expect(code.symbology == .ean13 && code.payload == "4006381333931")
    }

    @Test func nothingFoundAndDisputesAreTheCLIsRefusals() {
        #expect(
            ScanOffer(found: [], file: "blank.png").outcome
                == .refused(ScanChoiceError.nothingFound(path: "blank.png").description))
        let disputed = ScanOffer(found: [found(.storable(.code128), "A1", disputed: true)], file: "x.png")
        guard case .refused(let message) = disputed.outcome else {
            Issue.record("not refused")
            return
        }
        #expect(message.hasPrefix("the barcode readers disagree on x.png"))
    }

    @Test func aScannedFormKeepsThePayloadUntilTheNumberOrFormatChanges() throws {
        var gs1 = found(.storable(.code128), "0109504000059101")
        (gs1.gs1, gs1.symbologyIdentifier) = (true, "]C1")
        guard case .chosen(let code) = ScanOffer(found: [gs1], file: "gs1.png").outcome else {
            Issue.record("not chosen")
            return
        }
        #expect(code.display == "(01)09504000059101")
        let kept = ScannedDraft.fields(store: "Shop", number: code.display, format: .code128, scanned: code)
        #expect(kept.code == "(01)09504000059101" && kept.barcodeValue == "0109504000059101" && kept.gs1)
        let retyped = ScannedDraft.fields(store: "Shop", number: "0109504000059101", format: .code128, scanned: code)
        #expect(retyped.barcodeValue == nil && !retyped.gs1 && retyped.code == "0109504000059101")
        let otherFormat = ScannedDraft.fields(store: "Shop", number: code.display, format: .qr, scanned: code)
        #expect(otherFormat.barcodeValue == nil && !otherFormat.gs1)
        let same = ScanOffer(found: [found(.storable(.qr), "Q")], file: "f").pick(nil)
        guard case .chosen(let plain) = same else {
            Issue.record("not chosen")
            return
        }
        #expect(ScannedDraft.fields(store: "S", number: "Q", format: .qr, scanned: plain).barcodeValue == nil)
    }

    @Test func scanSettingsFollowTheCLIsEnvironment() throws {
        #expect(ScanSettings.limits(environment: [:]) == .standard)
        #expect(ScanSettings.limits(environment: ["WALLET_SCAN_SECONDS": "2"]).seconds == 2)
        #expect(ScanSettings.limits(environment: ["WALLET_SCAN_SECONDS": "900"]).seconds == ScanLimits.standard.seconds)
        let camera = try ScanSettings.camera(environment: ["WALLET_CAMERA_SOURCE": "/dev/video3", "WALLET_CAMERA_SECONDS": "5"])
        #expect(camera.source == .device("/dev/video3") && camera.options.timeout == .seconds(5))
        #expect(throws: (any Error).self) { try ScanSettings.camera(environment: ["WALLET_CAMERA_SOURCE": "webcam"]) }
    }

    @Test func anImportSavesAllOrNothingWithTheCLIsMessage() throws {
        let container = TemporaryContainer()
        let importer = CardImport(repository: try container.repository(), clock: container.clock)
        let directory = TemporaryDirectory("add-flow")
        let bad = directory.url.appendingPathComponent("bad.csv")
        try Data("_id,store,cardid,barcodetype\n1,Shop,1,BARCODE_X\n".utf8).write(to: bad)
        guard case .refused(let message) = importer.save(importer.read(bad.path, file: "bad.csv"), file: "bad.csv") else {
            Issue.record("not refused")
            return
        }
        #expect(message.hasPrefix("cannot import bad.csv: line 2: unknown barcode type 'BARCODE_X'"))
        #expect(try container.repository().list(search: nil, sort: .name, includeArchived: true).isEmpty)

        let link = CatimaShareLink().link(for: try CardFields(store: "Café", code: "123").card(createdAt: Date()))
        guard case .saved(let summary, _, let card) = importer.add(link: link) else {
            Issue.record("not saved")
            return
        }
        #expect(summary == ImportSummary(added: 1, skipped: 0))
        let added = try #require(card)
        #expect(try container.repository().card(id: added)?.store == "Café")
        guard case .saved(let again, _, let none) = importer.add(link: link) else {
            Issue.record("not saved")
            return
        }
        #expect(again == ImportSummary(added: 0, skipped: 1) && none == nil)
        guard case .refused = importer.add(link: "catima share") else {
            Issue.record("a non-link was taken")
            return
        }
    }
}

@Suite struct GroupEntryTests {
    @Test func groupNamesAreSplitAtCommasTrimmedAndKeptOnce() {
        #expect(CardEditExtras.names(in: " Food, Travel ,, Food ,") == ["Food", "Travel"])
        #expect(CardEditExtras.names(in: "") == [])
        #expect(CardEditExtras.text(of: ["Food", "Travel"]) == "Food, Travel")
    }
}
