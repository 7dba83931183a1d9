import Foundation
import Testing

@testable import WalletCore

@Suite struct ProcessEnvironmentTests {
    @Test func entriesSplitAtTheirFirstEqualsSign() {
        let variables = ProcessEnvironment.variables(["A=1", "B=x=y", "EMPTY=", "NO_EQUALS", "Ä=ü", "A=2"])
        #expect(variables == ["A": "2", "B": "x=y", "EMPTY": "", "Ä": "ü"])
    }

    /// The tests change no environment variable, so the reading made once is Foundation's.
    @Test func theProcessEnvironmentIsFoundations() {
        #expect(ProcessEnvironment.current == ProcessInfo.processInfo.environment)
    }
}
