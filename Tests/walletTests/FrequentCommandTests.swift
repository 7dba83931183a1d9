import ArgumentParser
import Testing
import WidgetEngine

@testable import wallet

/// ``FrequentCommand`` reads its shapes as ArgumentParser would, and leaves everything else to it.
@Suite struct FrequentCommandTests {
    @Test(arguments: [["card", "list"], ["card", "list", "--json"]])
    func cardListGivesTheParsersRequest(arguments: [String]) throws {
        let parsed = try #require(try WalletCommand.parseAsRoot(arguments) as? CardListCommand)
        #expect(FrequentCommand(arguments: arguments) == .cardList(parsed.request))
    }

    @Test(arguments: [
        ["widget", "tap", "fdb464db", "10", "20"],
        ["widget", "tap", "fdb464db-6f03-451a-8239-f45f075a0163", "0", "0"],
        ["widget", "tap", "a", "1.5", "2e1"],
        ["widget", "tap", "a", "363.99", "169", "--device", "desktop"],
        ["widget", "tap", "a", "10", "10", "--device", "desktop-hidpi"],
        ["widget", "tap", "a", "10", "10", "--device", "390x844"],
        ["widget", "tap", "a", "+5", "0010"],
    ])
    func widgetTapGivesTheParsersRequest(arguments: [String]) throws {
        let parsed = try #require(try WalletCommand.parseAsRoot(arguments) as? WidgetTapCommand)
        #expect(FrequentCommand(arguments: arguments) == .widgetTap(parsed.request))
    }

    @Test(arguments: [
        [], ["--help"], ["card"], ["card", "list", "-h"], ["card", "list", "--help"], ["card", "list", "--sort", "name"],
        ["card", "list", "--json", "--json"], ["card", "list", "--home", "/tmp"], ["card", "list", "--archived"],
        ["card", "list", "--generate-completion-script", "bash"], ["card", "show", "x"], ["widget"], ["widget", "tap"],
        ["widget", "tap", "a", "1"], ["widget", "tap", "-w", "1", "2"], ["widget", "tap", "help", "1", "2"],
        ["widget", "tap", "a", "x", "2"], ["widget", "tap", "a", "-1", "2"], ["widget", "tap", "a", "1", "2", "--device"],
        ["widget", "tap", "a", "1", "2", "--device", "nosuch"], ["widget", "tap", "a", "1", "2", "--home", "/tmp"],
        ["widget", "tap", "a", "1", "2", "--device", "desktop", "extra"], ["widget", "tap", "--", "a", "1", "2"],
        ["widget", "links", "a", "1", "2"], ["barcode", "list"],
    ])
    func otherArgumentsAreLeftToTheParser(arguments: [String]) {
        #expect(FrequentCommand(arguments: arguments) == nil)
    }
}
