import Foundation
import WalletCore
import ZipArchive

extension PKPassReader {
    /// Checks the pass's manifest digests and gives its card the ``LivePass`` of `pass.json` at
    /// `passPath` (serial, type, web service, dates, fields), noting whether it is signed.
    func readLivePass(
        _ zip: some ZipMembers, passPath: String, strings: PKPassStrings, into archive: inout WalletArchive
    ) throws(LocatedProblem) {
        let root = String(passPath.dropLast(Self.passEntry.count))
        try PassManifest.verify(zip, root: root)
        let signed = zip.filePaths.contains(root + PassManifest.signatureEntry)
        do throws(LocatedProblem) {
            guard let pass = try PassLiveReading.pass(passJSON: zip.member(passPath), strings: strings, signed: signed),
                !archive.cards.isEmpty
            else { return }
            archive.cards[0].pass = pass
        } catch {
            throw error.inside(entry: passPath)
        }
    }
}
