import Foundation
import Testing
import ZipArchive

@Suite struct ZipEncryptionTests {
    @Test func encryptedFlagOfTheFirstEntry() throws {
        let files = [(path: "catima.csv", contents: Data("1".utf8))]
        let plain = try ZipContainer.archiveData(files: files, modified: Date(timeIntervalSince1970: 0))
        #expect(!ZipEncryption.isEncrypted(plain))
        var locked = plain
        locked[locked.startIndex + 6] |= 0x01
        #expect(ZipEncryption.isEncrypted(locked))
        #expect(!ZipEncryption.isEncrypted(Data("PK".utf8)))
    }
}
