import ArgumentParser
import Barcodes
import WalletCore
import WalletInterop

/// `wallet card share CARD [--qr]`: the card as a Catima share link, optionally as a QR code.
struct CardShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Print a card as a Catima share link (https://catima.app/share#...).",
        discussion: """
            The link carries store, note, number, barcode value and format, color, balance and \
            expiry (not favorite, groups or usage), the way Catima shares a card. Catima opens it, \
            and `wallet card import LINK` adds the card. --qr draws the link as a QR code in the \
            terminal (under the link) for a phone's camera.
            """)

    @OptionGroup var container: ContainerOptions
    @OptionGroup var card: CardArgument
    @Flag(help: "Also draw the link as a QR code in the terminal.") var qr = false

    func run() throws {
        let found = try container.repository().resolveNoting(card)
        let link = CatimaShareLink().link(for: found)
        print(link)
        if qr {
            print(try BarcodeEncoder.encode(link, as: .qr).terminalRendering(colors: TerminalStyle.stdoutColors), terminator: "")
        }
    }
}
