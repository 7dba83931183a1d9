import ArgumentParser
import WalletCore

/// A word where a subcommand was expected (`wallet card lst`, `wallet crad list`): the parser
/// says only "Unexpected argument"; this says which command was meant, as the parser already
/// does for a mistyped option.
enum SubcommandSuggestion {
    /// The message for `arguments` (without the program name) when they walk the command tree
    /// from `root` into a command group and then name none of its subcommands; nil otherwise.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var configuration = root.configuration
        var path = [configuration.commandName ?? "wallet"]
        for (index, word) in arguments.enumerated() {
            if word.hasPrefix("-") || word == "help" { return nil }
            let subcommands = configuration.subcommands.map { $0.configuration }
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0.commandName == word }) {
                configuration = next
                path.append(word)
                continue
            }
            let names = subcommands.compactMap { $0.commandName }
            let shown = subcommands.filter { $0.shouldDisplay }.compactMap { $0.commandName }
            let typed = (path + [word]).joined(separator: " ")
            guard let meant = EditDistance.nearest(to: word.lowercased(), in: names) else {
                return "unknown command '\(typed)': use one of \(shown.joined(separator: ", ")) "
                    + "(see `\(path.joined(separator: " ")) --help`)"
            }
            let rest = arguments.dropFirst(index + 1).map(ShellQuoting.quoted)
            let corrected = (path + [meant] + rest).joined(separator: " ")
            return "unknown command '\(typed)': did you mean `\(corrected)`?"
        }
        return nil
    }
}
