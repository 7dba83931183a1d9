import Foundation
import Testing
import WalletCore

/// Where the container is: `--home` beats `$WALLET_HOME`, which beats the XDG default.
@Suite struct SharedContainerTests {
    @Test func homeOptionBeatsTheEnvironment() {
        let environment = ["WALLET_HOME": "/env/wallet", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(SharedContainer.resolve(home: "/option", environment: environment).url.path == "/option")
    }

    @Test func environmentBeatsTheDefault() {
        let environment = ["WALLET_HOME": "/env/wallet", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(SharedContainer.resolve(home: nil, environment: environment).url.path == "/env/wallet")
        #expect(SharedContainer.resolve(home: "", environment: environment).url.path == "/env/wallet")
    }

    @Test func defaultsFollowXDG() {
        #expect(SharedContainer.resolve(home: nil, environment: ["XDG_DATA_HOME": "/xdg"]).url.path == "/xdg/wallet")
        #expect(
            SharedContainer.resolve(home: nil, environment: ["HOME": "/home/u", "WALLET_HOME": ""]).url.path
                == "/home/u/.local/share/wallet")
    }
}
