import Foundation
import WalletCore
import ZipArchive

/// Apple Wallet's `.pkpasses` bundle: a zip whose members are `.pkpass` files (several passes
/// shared at once, e.g. every boarding pass of a booking). Each pass is read like a single
/// `.pkpass`; every pass that can be imported is, and one that cannot is left out with a warning
/// naming it (one damaged boarding pass must not cost the others). A bundle none of whose
/// passes can be imported is refused with the first one's problem.
public enum PKPassesBundle {
    static let passExtension = ".pkpass"
    /// Most passes read from one bundle (Apple caps a bundle at 10; exports of several bookings run longer).
    static let maximumPasses = 1000

    /// The `.pkpass` members of `zip`, in archive order.
    static func passPaths(in zip: ZipContainer) -> [String] {
        zip.filePaths.filter { $0.lowercased().hasSuffix(passExtension) && !$0.hasPrefix("__MACOSX/") }
    }

    /// Reads every pass of the bundle `data` of `file` into one archive.
    public static func read(_ data: Data, file: String, reader: PKPassReader) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            let zip = try ZipContainer.reading(data)
            let paths = passPaths(in: zip)
            guard !paths.isEmpty else { throw LocatedProblem(.missingZipEntry(["*\(passExtension)"])) }
            guard paths.count <= maximumPasses else {
                throw LocatedProblem(.invalidCard("the bundle holds \(paths.count) passes, more than \(maximumPasses)"))
            }
            var bundle = WalletArchive()
            var firstProblem: LocatedProblem?
            for path in paths {
                do throws(LocatedProblem) {
                    let pass = try ZipContainer.reading(zip.member(path), budget: zip.budget)
                    guard let entry = pass.path(named: PKPassReader.passEntry) else {
                        throw LocatedProblem(.missingZipEntry([PKPassReader.passEntry]))
                    }
                    let strings = try PKPassStrings.load(from: pass, preferred: reader.languages)
                    let json = try pass.member(entry, limit: .passJSON)
                    var read = try reader.read(passJSON: json, entry: entry, strings: strings)
                    try reader.readLivePass(pass, passPath: entry, strings: strings, into: &read)
                    let archive = PKPassArt.adding(
                        to: read, from: pass, passJSON: json, entry: entry, languages: reader.languages)
                    try Self.checkStorable(archive)
                    bundle.cards += archive.cards
                    bundle.art.merge(archive.art) { first, _ in first }
                    bundle.cardLocations += archive.cardLocations.map { _ in .entry(path, line: nil) }
                    bundle.warnings += archive.warnings.map {
                        ImportWarning(location: Self.location($0.location, inPass: path), message: $0.message)
                    }
                } catch {
                    let problem = LocatedProblem(error.problem, at: Self.location(error.location, inPass: path))
                    guard !error.problem.stopsTheBundle else { throw problem }
                    firstProblem = firstProblem ?? problem
                    bundle.warnings.append(
                        ImportWarning(location: problem.location, message: "\(error.problem): that pass was left out"))
                }
            }
            if bundle.cards.isEmpty, let firstProblem { throw firstProblem }
            return bundle
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    /// Throws what would refuse the pass's card when it is stored (the card rules, after the
    /// optional text the import leaves out), so that this pass alone is left out, not the bundle.
    private static func checkStorable(_ archive: WalletArchive) throws(LocatedProblem) {
        var probe = archive
        probe.leaveOutRefusedOptionalText()
        for card in probe.cards {
            do {
                _ = try card.validated()
            } catch {
                throw LocatedProblem(.invalidCard(error.description))
            }
        }
    }

    /// A place inside the pass `path` of the bundle: `Coffee.pkpass: pass.json at ...`.
    private static func location(_ inner: SourceLocation?, inPass path: String) -> SourceLocation {
        .entry([path, inner?.description].compactMap { $0 }.joined(separator: ": "), line: nil)
    }
}

extension ImportProblem {
    /// A problem that refuses the whole bundle rather than one pass: the bundle's shared inflate
    /// budget is spent (a zip bomb), so no later pass could be read either.
    fileprivate var stopsTheBundle: Bool {
        if case .inflatesTooMuch = self { return true }
        return false
    }
}
