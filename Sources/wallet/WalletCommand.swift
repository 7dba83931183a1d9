import ArgumentParser

/// The `wallet` command: a thin layer over the libraries (parsing, output, exit codes).
@main
struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "A loyalty-card wallet with home-screen widgets.",
        subcommands: [
            BarcodeCommand.self,
            CardCommand.self,
            OpenCommand.self,
        ])
}
