import ArgumentParser

/// `wallet --home DIR card add ...`: `--home` given before the subcommand, where a user who
/// knows `git -C DIR` puts it. The parser only knows `--home` as an option of the commands
/// that open the wallet, so it is moved to just after the subcommand's name.
enum LeadingHomeOption {
    /// `arguments` (without the program name) with a leading `--home DIR` or `--home=DIR` moved
    /// after the words that name subcommands of `root`; unchanged when they do not start with
    /// `--home` or name no subcommand after it (the parser's own message then says what is wrong).
    static func moved(_ arguments: [String], root: any ParsableCommand.Type) -> [String] {
        guard let first = arguments.first else { return arguments }
        let option: [String]
        if first == "--home", arguments.count >= 2 {
            option = Array(arguments.prefix(2))
        } else if first.hasPrefix("--home=") {
            option = [first]
        } else {
            return arguments
        }
        let rest = Array(arguments.dropFirst(option.count))
        var configuration = root.configuration
        var depth = 0
        while depth < rest.count,
            let next = configuration.subcommands.first(where: { $0.configuration.commandName == rest[depth] })
        {
            configuration = next.configuration
            depth += 1
        }
        guard depth > 0 else { return arguments }
        return Array(rest.prefix(depth)) + option + Array(rest.dropFirst(depth))
    }
}
