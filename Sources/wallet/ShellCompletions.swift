import ArgumentParser
import WalletCore
import WidgetEngine

/// Completions the shell asks `wallet` itself for (swift-argument-parser runs the closure in a
/// `wallet` process when TAB is pressed): the cards and widgets of the wallet the command line
/// names (its `--home`, else `$WALLET_HOME`, else the default). Anything that fails completes to
/// nothing: completion never prints an error into the user's command line.
enum ShellCompletions {
    /// Card references: each card's 8-character id prefix, and its store name when the shell can
    /// take it as one word (no quoting needed).
    static let cards = CompletionKind.custom { words, _, _ in
        guard let cards = try? CardReader(container: container(for: words)).list(search: nil, sort: .name, includeArchived: true)
        else { return [] }
        let names = cards.map(\.store).filter { ShellQuoting.quoted($0) == $0 }
        return names + cards.map { String($0.id.lowercasedText.prefix(8)) }
    }

    /// Installed widgets' ids.
    static let widgets = CompletionKind.custom { words, _, _ in
        (try? WidgetCenter(container: container(for: words)).widgets().map(\.id)) ?? []
    }

    /// The container `--home DIR` among `words` names, else the environment's.
    private static func container(for words: [String]) -> SharedContainer {
        let home = words.firstIndex(of: "--home").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        return SharedContainer.resolve(home: home)
    }
}
