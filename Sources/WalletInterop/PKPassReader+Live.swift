import Foundation
import WalletCore
import ZipArchive

extension PKPassReader {
    /// Checks the pass's manifest digests and signature (``PassManifest``, ``PassSignature``) and
    /// gives its card the ``LivePass`` of `pass.json` at `passPath` (serial, type, web service,
    /// dates, fields) with that ``PassAuthenticity``. A pass that is not verified is kept, with a
    /// one-line warning.
    func readLivePass(
        _ zip: some ZipMembers, passPath: String, strings: PKPassStrings, into archive: inout WalletArchive
    ) throws(LocatedProblem) {
        let root = String(passPath.dropLast(Self.passEntry.count))
        do throws(LocatedProblem) {
            let json = try zip.member(passPath, limit: .passJSON)
            let identity = try? JSONDecoder().decode(PassIdentity.self, from: json)
            let authenticity: PassAuthenticity
            if let verdict = try PassManifest.check(zip, root: root) {
                authenticity = verdict
            } else {
                authenticity = PassSignature.verify(
                    signature: try zip.member(root + PassManifest.signatureEntry, limit: .passSignature),
                    manifest: try zip.member(root + PassManifest.entry, limit: .passJSON),
                    passType: identity?.passTypeIdentifier, team: identity?.teamIdentifier)
            }
            let signed = zip.filePaths.contains(root + PassManifest.signatureEntry)
            guard !archive.cards.isEmpty else { return }
            var pass = try PassLiveReading.pass(passJSON: json, strings: strings, signed: signed)
            pass.authenticity = authenticity
            archive.cards[0].pass = pass
            if let warning = authenticity.importWarning {
                archive.warnings.append(ImportWarning(location: .entry(passPath, line: nil), message: warning))
            }
        } catch {
            throw error.inside(entry: passPath)
        }
    }
}

/// Who a pass says it is from: what its signer certificate must name.
private struct PassIdentity: Decodable {
    var passTypeIdentifier: String?
    var teamIdentifier: String?
}
