import ArgumentParser

/// `wallet-bench`: the measuring tools `make bench` runs, kept out of the shipped `wallet`
/// (built by the Makefile's bench recipe with the release flags; not a package product).
@main
struct WalletBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet-bench", abstract: "Measurements for bench/ (not part of the product).",
        subcommands: [RenderBenchCommand.self])
}
