import Barcodes
import Foundation
import Testing
import WidgetEngine
@testable import WidgetRenderer
import WalletCore

@Suite struct FullWidthRowPlannerTests {
    let size = DeviceMetrics.defaultDevice
    let qr = RendererFixtures.square(25)
    /// Code 128 of 134 modules + 20 quiet: 2 px in a half-width tile at 2x, more in a full row
    /// tall enough for its bars (15 % of its width).
    let code128 = RendererFixtures.linear(134)
    /// A 17-character Code 39 at 3:1 (303 modules + 20 quiet): no half tile holds it.
    let longCode39 = RendererFixtures.linear(303, .code39)

    private func plan(_ family: WidgetFamily, _ symbols: [BarcodeMatrix?]) -> [Int: Double] {
        FullWidthRowPlanner(family: family, size: size.size(of: family), symbols: symbols).fullWidthRows()
    }

    @Test func aCloseRangeLinearCodeGetsAFullWidthRow() {
        let rows = plan(.large, [code128, qr, qr])
        #expect(rows == [0: 0])
        let planner = FullWidthRowPlanner(family: .large, size: size.large, symbols: [code128, qr, qr])
        let before = planner.predictedModules(fullWidthRows: [:])
        let after = planner.predictedModules(fullWidthRows: rows)
        #expect(before[0] == 2 && after[0] >= BarcodeFit.comfortableModule)
        #expect(after[1] >= before[1] && after[2] >= before[2])
    }

    @Test func aCodeNoHalfTileHoldsGetsAFullWidthRowWhenNothingElseFallsToText() throws {
        let rows = plan(.medium, [longCode39, nil])
        #expect(rows[0] != nil)
        let planner = FullWidthRowPlanner(family: .medium, size: size.medium, symbols: [longCode39, nil])
        #expect(planner.predictedModules(fullWidthRows: [:])[0] == 0)
        #expect(planner.predictedModules(fullWidthRows: rows)[0] >= 2)
        // Where the taller row would push another code to text, none is granted.
        #expect(plan(.medium, [longCode39, RendererFixtures.square(57)]).isEmpty)
    }

    @Test func pdf417IsWideEnoughToAskForARow() {
        let pdf417 = BarcodeMatrix(
            symbology: .pdf417, width: 120, height: 24, payload: "x", modules: (0..<(120 * 24)).map { $0 % 3 == 0 })
        // Linear codes are one row tall (BarcodeEncoderTests.everyFormatEncodes), so the format says it.
        #expect(Symbology.allCases.filter { !FullWidthRowPlanner.isWide($0) } == [.qr, .aztec, .dataMatrix])
        #expect(FullWidthRowPlanner.isWide(pdf417.symbology) && FullWidthRowPlanner.isWide(code128.symbology))
        #expect(!FullWidthRowPlanner.isWide(qr.symbology))
        let planner = FullWidthRowPlanner(family: .large, size: size.large, symbols: [pdf417, qr, qr])
        let rows = planner.fullWidthRows()
        #expect(rows.keys.contains(0))
        #expect(planner.predictedModules(fullWidthRows: rows)[0] > planner.predictedModules(fullWidthRows: [:])[0])
    }

    /// A full row of an equal share gives 3 px with bars of 10 % of the width (15 % would need a
    /// taller row).
    @Test func aFullWidthRowBringsACloseRangeCodeToThreePixels() throws {
        let planner = FullWidthRowPlanner(family: .medium, size: size.medium, symbols: [code128, nil])
        let rows = planner.fullWidthRows()
        #expect(rows[0] != nil)
        #expect(planner.predictedModules(fullWidthRows: [:])[0] == 2)
        #expect(planner.predictedModules(fullWidthRows: rows)[0] >= BarcodeFit.comfortableModule)
    }

    /// Issue 37, item 8b: a 17-character Code 39 in a 4-card medium widget of 2D codes gets the
    /// top row; the others share the second, three abreast, each keeping its module.
    @Test func aLongCodeTakesARowOfAFourCardMediumWidget() {
        let qr21 = RendererFixtures.square(21)
        for slot in 0..<4 {
            var symbols: [BarcodeMatrix?] = [qr21, qr21, qr21]
            symbols.insert(longCode39, at: slot)
            let planner = FullWidthRowPlanner(family: .medium, size: size.medium, symbols: symbols)
            let rows = planner.fullWidthRows()
            #expect(rows.keys.sorted() == [slot])
            let before = planner.predictedModules(fullWidthRows: [:])
            let after = planner.predictedModules(fullWidthRows: rows)
            #expect(before[slot] == 0 && after[slot] >= BarcodeFit.minimumModule)
            #expect(after.indices.allSatisfy { $0 == slot || after[$0] >= min(before[$0], BarcodeFit.comfortableModule) })
        }
    }

    @Test func noRowIsGrantedWhereTheFamilyHasNoneLeftOrNoCodeGains() {
        #expect(plan(.medium, [code128, code128, code128, code128]).isEmpty)  // would need 4 rows
        #expect(plan(.large, Array(repeating: code128, count: 8)).isEmpty)
        #expect(plan(.medium, [qr, qr, nil]).isEmpty)
        #expect(plan(.small, [longCode39]).isEmpty)
    }

    @Test func rendererLaysOutTheSameTilesAtEveryScale() {
        let renderer = RendererFixtures.renderer { $0.format == .qr ? qr : code128 }
        let entry = RendererFixtures.entry(
            .large,
            [
                .card(RendererFixtures.card(1, "Linear", format: .code128)), .card(RendererFixtures.card(2, "QR")),
                .card(RendererFixtures.card(3, "QR 2")),
            ])
        let layouts = (1...3).map { renderer.layout(for: entry, options: RenderOptions(scale: $0)) }
        #expect(layouts[0] == layouts[1] && layouts[1] == layouts[2])
        #expect(layouts[0].tiles[0].width == layouts[0].fullRowWidth)
    }

    @Test func aWidgetOfMatrixCodesIsLaidOutWithoutEncodingThem() {
        let renderer = WidgetRenderer { _ in
            Issue.record("a code was encoded")
            return .success(qr)
        }
        let entry = RendererFixtures.entry(
            .large,
            [
                .card(RendererFixtures.card(1, "QR")), .card(RendererFixtures.card(2, "Aztec", format: .aztec)),
                .card(RendererFixtures.card(3, "Data Matrix", format: .dataMatrix)),
            ])
        let options = RenderOptions()
        let size = options.device.size(of: .large)
        let planned = FullWidthRowPlanner(family: .large, size: size, symbols: [qr, qr, qr]).fullWidthRows()
        #expect(planned.isEmpty)
        #expect(
            renderer.layout(for: entry, options: options)
                == WidgetLayout(family: .large, size: size, slotCount: 3, fullWidthRows: planned))
    }
}
