import Foundation
import Testing
import WalletCore

@Suite struct ProcessEnvironmentTests {
    @Test func holdsTheNamedVariablesThatAreSet() {
        setenv("WALLET_TEST_SET", "a=b c", 1)
        setenv("WALLET_TEST_EMPTY", "", 1)
        unsetenv("WALLET_TEST_UNSET")
        let values = ProcessEnvironment.values("WALLET_TEST_SET", "WALLET_TEST_EMPTY", "WALLET_TEST_UNSET")
        #expect(values == ["WALLET_TEST_SET": "a=b c", "WALLET_TEST_EMPTY": ""])
        #expect(values["WALLET_TEST_SET"] == ProcessInfo.processInfo.environment["WALLET_TEST_SET"])
    }
}
