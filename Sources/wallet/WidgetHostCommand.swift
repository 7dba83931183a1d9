import ArgumentParser
import Foundation
import PassService
import WalletCore
import WidgetEngine
import WidgetHost

/// `wallet widget host`: the system's part, keeping a directory of snapshots current.
struct WidgetHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host", abstract: "Keep a directory of widget snapshots current (long-running).",
        discussion: """
            Renders every installed widget to DIR/<widget-id>-<family>.png with DIR/manifest.json, prints \
            {"event": "ready"}, then re-renders when cards or widgets change, an entry's date arrives or a \
            reload policy fires, printing one JSON object per line. SIGTERM or SIGINT ends it (exit 0). \
            WALLET_NOW sets where its clock starts and WALLET_CLOCK_RATE=R runs that clock R times faster.
            """)

    @OptionGroup var container: ContainerOptions
    @OptionGroup var render: RenderOptionGroup
    @Option(help: "Directory to keep current (created when missing).", completion: .directory) var output: String
    @Option(help: "Policy reloads allowed per widget per rolling 24 hours (1-10000).")
    var budget = ReloadBudget.defaultLimit
    @Flag(help: "Do what is due now, print its events and exit (for a timer).") var once = false
    @Option(
        name: .customLong("pull-interval"),
        help: ArgumentHelp("Seconds between pulls of each pass type from its issuer (1-86400).", valueName: "SECONDS"))
    var pullInterval: Double = 900
    @Option(name: .customLong("pull-budget"), help: "Pulls allowed per pass type per rolling 24 hours (1-10000).")
    var pullBudget = 96
    @Flag(name: .customLong("no-pulls"), help: "Never pull live passes from their issuers.") var noPulls = false

    func validate() throws {
        guard (1...10_000).contains(budget) else {
            throw WidgetInputError("--budget \(budget) is out of range: give 1 to 10000 policy reloads per day")
        }
        guard (1...86_400).contains(pullInterval) else {
            throw WidgetInputError("--pull-interval \(pullInterval) is out of range: give 1 to 86400 seconds")
        }
        guard (1...10_000).contains(pullBudget) else {
            throw WidgetInputError("--pull-budget \(pullBudget) is out of range: give 1 to 10000 pulls per day")
        }
    }

    func run() throws {
        let clock = try WalletClock.fromEnvironment(running: true)
        let settings = HostSettings(
            output: output, options: try render.options(), budget: budget, once: once,
            ticketBox: PhoshSettings.ticketBoxFolder(home: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()))
        let notifier = HostNotifier()
        var chores: [any HostChore] = [
            HostReminders(notifier: notifier, notified: NotifiedReminders(container: container.container))
        ]
        if !noPulls {
            let schedule = PullSchedule(interval: pullInterval, dailyBudget: pullBudget, freshness: min(60, pullInterval))
            chores.append(try HostPulls(container: container.container, schedule: schedule, timeout: 30, notifier: notifier))
        }
        try HostLoop.run(container: container.container, clock: clock, settings: settings, chores: chores)
    }
}

/// `wallet widget events`: the lifecycle log.
struct WidgetEventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "List widgets added, configured and removed (oldest first).")

    @OptionGroup var container: ContainerOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let events = WidgetCenter(container: container.container).lifecycleEvents()
        if json {
            try WidgetJSON.print(
                events.map {
                    EventJSON(
                        event: $0.event.rawValue, time: ISO8601.format($0.time), widget: $0.widget, family: $0.family.rawValue)
                })
            return
        }
        for event in events {
            print("\(LocalTime.format(event.time))  \(event.event.rawValue)  \(event.widget)  \(event.family.rawValue)")
        }
    }

    struct EventJSON: Encodable {
        var event: String
        var time: String
        var widget: String
        var family: String
    }
}

/// `wallet widget request-reload W` (hidden): asks a running host to reload a widget now, the
/// way a widget button's intent does.
struct WidgetRequestReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request-reload", abstract: "Ask the widget host to reload a widget now.", shouldDisplay: false)

    @OptionGroup var target: WidgetTarget
    @Option(help: "intent, configuration or data.") var reason = ReloadReason.intent.rawValue

    func run() throws {
        guard let reason = ReloadReason(rawValue: reason), [.intent, .configuration, .data].contains(reason) else {
            throw WidgetInputError("unknown reload reason '\(reason)': use intent, configuration or data")
        }
        let (side, configuration) = try target.resolve()
        try side.center.requestReload(configuration.id, reason: reason)
    }
}
