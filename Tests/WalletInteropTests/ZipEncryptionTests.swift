import Foundation
import Testing
@testable import WalletInterop

@Suite struct ZipEncryptionTests {
    @Test func encryptedFlagOfTheFirstEntry() throws {
        let plain = try Fixtures.zip([("catima.csv", "1")])
        #expect(!ZipEncryption.isEncrypted(plain))
        var locked = plain
        locked[locked.startIndex + 6] |= 0x01
        #expect(ZipEncryption.isEncrypted(locked))
        #expect(!ZipEncryption.isEncrypted(Data("PK".utf8)))
    }
}
