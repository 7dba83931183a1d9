import ArgumentParser
import Foundation

/// The `wallet` command: a thin layer over the libraries (parsing, output, exit codes).
@main
struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "A loyalty-card wallet with home-screen widgets.",
        discussion: """
            Where data lives: the wallet's cards, widgets and settings are in one directory, \
            --home DIR when given (before or after the subcommand), else $WALLET_HOME when set, else \
            $XDG_DATA_HOME/wallet (by default ~/.local/share/wallet). It is created on first use, \
            private to its owner. Back it up, or sync it (wallet sync init), to keep the cards.
            """,
        version: WalletVersion.current,
        subcommands: [
            BarcodeCommand.self,
            CardCommand.self,
            OpenCommand.self,
            SyncCommand.self,
            WidgetCommand.self,
        ])

    /// Parses and runs the command like swift-argument-parser's own `main()`, except that a
    /// failure is reported as CLI.md asks: one line on stderr (`Error: ...`, no usage block,
    /// anything unprintable escaped) and the parser's non-zero exit code. Help and version
    /// requests print in full on stdout and exit 0. The commands a desktop runs on every click
    /// and refresh skip the parse (``FrequentCommand``).
    static func main() {
        do {
            let arguments = LeadingHomeOption.moved(Array(CommandLine.arguments.dropFirst()), root: Self.self)
            if let frequent = FrequentCommand(arguments: arguments) {
                try frequent.run()
                return
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else {
                print(fullMessage(for: error))
                Foundation.exit(code.rawValue)
            }
            let message = ErrorLine.text(wording(for: error))
            if !message.isEmpty {
                FileHandle.standardError.write(Data(("Error: " + message + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}

extension WalletCommand {
    /// The message for a failure: the parser's, except where the wallet says it better (a value
    /// out of a choice's list in the domain's words, a mistyped subcommand with the one meant).
    static func wording(for error: Error) -> String {
        // A word that names no subcommand of a command group is always the first mistake, whatever
        // the parser tripped over after it (an option the group does not have, say).
        if let suggestion = SubcommandSuggestion.message(for: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            return suggestion
        }
        let parserMessage = message(for: error)
        return ArgumentChoices.refusal(for: parserMessage) ?? parserMessage
    }
}

/// A failure message made into one terminal-safe line.
enum ErrorLine {
    /// The longest error line, in characters: a message quoting a 100 KB argument is cut in
    /// the middle rather than filling the terminal.
    static let maximumLength = 1_000

    /// `message` without a leading `Error: `, its lines joined with "; ", unprintable and
    /// invisible text escaped, cut to ``maximumLength``.
    static func text(_ message: String) -> String {
        var text = message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
        text = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }
            .joined(separator: "; ")
        let line = TerminalText.escaped(text, invisible: true)
        guard line.count > maximumLength else { return line }
        let cut = line.count - maximumLength + 40
        return String(line.prefix(maximumLength * 3 / 4)) + " [... \(cut) characters cut ...] "
            + String(line.suffix(maximumLength / 4 - 40))
    }
}
