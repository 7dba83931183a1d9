import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WidgetRenderer

@Suite struct PDFOutputTests {
    private let card = Card(
        fields: CardFields(store: "Bäckerei", code: "400638133393", format: .ean13, color: "#12AB34", note: "Gate 4"),
        createdAt: Date(timeIntervalSince1970: 0))

    private func text(_ pdf: Data) -> String { String(decoding: pdf, as: UTF8.self) }

    @Test func ticketIsOneA6Page() throws {
        let pdf = try CardTicket.pdf(for: card, barcode: try BarcodeEncoder.encode("400638133393", as: .ean13))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(text(pdf).contains("/Count 1"))
        #expect(text(pdf).contains("/MediaBox [ 0 0 298 420 ]"))
    }

    @Test func longCodeWidensTheTicketToKeepOnePointModules() throws {
        let matrix = try BarcodeEncoder.encode(String(repeating: "LONG-VALUE-", count: 4), as: .code128)
        let pdf = try CardTicket.pdf(for: card, barcode: matrix)
        let width = Double(matrix.totalWidth) * CardTicket.minimumModule + 2 * CardTicket.margin
        #expect(width > CardTicket.pageWidth)
        #expect(text(pdf).contains("/MediaBox [ 0 0 \(Int(width.rounded(.up))) 420 ]"))
    }

    @Test func snapshotPDFHasTheSnapshotSizeInPoints() throws {
        let png = try BarcodeEncoder.encode("HELLO", as: .qr).png(moduleSize: 3)
        let side = try BarcodeEncoder.encode("HELLO", as: .qr).imageSize(moduleSize: 3).width
        let pdf = try WidgetRenderer.pdf(fromPNG: Data(png), scale: 3)
        #expect(text(pdf).contains("/MediaBox [ 0 0 \(side / 3) \(side / 3) ]"))
        #expect(text(pdf).contains("/Interpolate false"))
    }

    @Test func snapshotThatIsNotAPNGIsRefused() {
        #expect(throws: RenderError.self) { try WidgetRenderer.pdf(fromPNG: Data("not a png".utf8), scale: 2) }
        do {
            _ = try WidgetRenderer.pdf(fromPNG: Data("not a png".utf8), scale: 2)
        } catch {
            #expect(error.description.hasPrefix("cannot make the PDF: cannot read the snapshot PNG"))
        }
    }
}
