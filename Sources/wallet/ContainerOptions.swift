import ArgumentParser
import WalletCore

/// `--home DIR`: where the shared container lives; it beats `$WALLET_HOME`.
struct ContainerOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The wallet's data directory (beats $WALLET_HOME).", valueName: "DIR"),
        completion: .directory)
    var home: String?

    /// The container per CLI.md's lookup order.
    var container: SharedContainer { SharedContainer.resolve(home: home) }
}
