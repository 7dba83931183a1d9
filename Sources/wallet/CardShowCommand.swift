import ArgumentParser
import WalletCore

/// `wallet card show CARD`: the barcode in the terminal, the store and number under it.
struct CardShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a card with its barcode (terminal, PNG, PDF ticket or JSON).")

    @OptionGroup var container: ContainerOptions
    @OptionGroup var card: CardArgument
    @Flag(help: "Print the card as JSON.") var json = false
    @Flag(help: "Print the whole note (a pass's back fields), not only its first lines.") var all = false
    @Option(help: "Also write the barcode as a PNG to this file.", completion: .file(extensions: ["png"])) var png: String?
    @Option(
        help: "Also write a one-page PDF ticket (store, number, full-size barcode) to this file.",
        completion: .file(extensions: ["pdf"])) var pdf: String?

    func run() throws {
        if let png { try OutputFileName.check(png, writer: "--png", extensions: ["png"], formats: "PNG (.png)") }
        if let pdf { try OutputFileName.check(pdf, writer: "--pdf", extensions: ["pdf"], formats: "PDF (.pdf)") }
        let reader = try container.reader()
        let found = try reader.resolveNoting(card)
        let logo = found.art.has(.logo) && (pdf != nil || png != nil) ? try reader.image(.logo, of: found.id)?.png : nil
        let drawn = pdf != nil || png != nil ? try CardPresentation.inWalletColor(found, reader: reader) : found
        var files = CardOutputFiles()
        try files.add(pdf) { try CardPresentation.ticketPDF(drawn, logo: logo) }
        try files.add(png) { try CardPresentation.labelPNG(drawn, logo: logo) }
        try CardPresentation.show(found, json: json, files: files, all: all, reference: card.card)
    }
}
