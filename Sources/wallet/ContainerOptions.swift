import ArgumentParser
import WalletCore

/// `--home DIR`: where the shared container lives when `$WALLET_HOME` is not set.
struct ContainerOptions: ParsableArguments {
    @Option(name: .long, help: "The wallet's data directory (overridden by $WALLET_HOME).")
    var home: String?

    /// The container per CLI.md's lookup order.
    var container: SharedContainer { SharedContainer.resolve(home: home) }
}
