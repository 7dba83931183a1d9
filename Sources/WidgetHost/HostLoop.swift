import Foundation
import Glibc
import WalletCore
import FileOutput

/// Runs the widget host: one thread around `poll` on the container watch and the signal pipe,
/// with a timeout that ends when the next entry or policy date arrives on the host's clock.
/// With nothing due and nothing changing it sleeps in `poll`: no CPU.
public enum HostLoop {
    /// How long the container must be quiet before a change is handled: the writes of one
    /// commit (and an intent's store write followed by its reload request) arrive together.
    /// Bursts of commits need no longer wait: one generation read covers every commit before it,
    /// and changes that arrive while a batch renders are handled together in the next one.
    static let quiet: Duration = .milliseconds(3)
    /// A constant stream of writes (a long import) is still looked at this often.
    static let longestSettle: Duration = .milliseconds(250)

    /// Renders everything, prints `ready`, then keeps the output directory current until
    /// SIGTERM/SIGINT (or, with `once`, until what is due now is done: then a render or read
    /// that failed is ``HostError/failedOnce(errors:)``, so a timer notices).
    public static func run(
        container: SharedContainer, clock: WalletClock, settings: HostSettings, chores: [any HostChore] = []
    ) throws {
        do {
            try container.prepare()
        } catch {
            throw HostError.container(path: container.url.path, UnderlyingError(error))
        }
        let output = try OutputDirectory(path: settings.output)
        let signals = try SignalPipe()
        let watch = try ContainerWatch(container: container.url)
        let host = try WidgetHost(
            container: container, clock: clock, settings: settings, output: output, chores: chores,
            shouldStop: { signals.stopRequested })
        host.start()
        EventLine.ready.print()
        host.runDue()
        if settings.once {
            guard host.errorsReported == 0 else { throw HostError.failedOnce(errors: host.errorsReported) }
            return
        }
        while !signals.stopRequested {
            var descriptors = [
                pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeout(until: host.nextWake(), clock: clock))
            if ready < 0, errno != EINTR { throw HostError.signals(errno: .current) }
            if descriptors[1].revents != 0, signals.stopRequested { break }
            if descriptors[0].revents != 0 {
                host.handle(settle(watch, first: watch.drain()))
            }
            host.runDue()
        }
    }

    /// Gathers further changes until the watch stays quiet for ``quiet`` (at most ``longestSettle``).
    private static func settle(_ watch: ContainerWatch, first: ContainerChange) -> ContainerChange {
        var change = first
        let start = ContinuousClock.now
        while ContinuousClock.now - start < longestSettle {
            var descriptor = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(quiet.components.attoseconds / 1_000_000_000_000_000)) > 0 else { break }
            change.formUnion(watch.drain())
        }
        return change
    }

    /// The `poll` timeout in milliseconds until the clock reads `date` (-1: none).
    static func timeout(until date: Date?, clock: WalletClock) -> Int32 {
        guard let date, let seconds = clock.realInterval(until: date) else { return -1 }
        return Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }
}
