internal import FileOutput
import Foundation
import ZipArchive

/// The one place where a zip failure (``ZipArchiveError``) becomes the import's problem and so
/// its one-line message; the readers reach zips only through the helpers below.
extension ImportProblem {
    init(_ failure: ZipArchiveError) {
        switch failure {
        case .corrupt(let detail):
            self = .notAZip(detail)
        case .memberMissing(let path):
            self = .missingZipEntry([path])
        case .memberTooLarge(let path, let declared, let limit):
            self = .entryTooLarge(name: path, bytes: declared, limit: limit)
        case .tooManyMembers(let count, let limit):
            self = .tooManyMembers(count: count, limit: limit)
        case .inflatesTooMuch(let limit):
            self = .inflatesTooMuch(limit: limit)
        case .encryptedWithoutPassword:
            self = .encryptedZip
        case .wrongPassword(let error):
            self = .wrongPassword(detail: "libzip: \(error.message)", certain: true)
        case .decryptsToInvalidData(let error):
            self = .wrongPassword(detail: "it does not decrypt to valid data (libzip: \(error.message))", certain: false)
        case .unsupportedEncryption(let error):
            self = .unsupportedEncryption("libzip: \(error.message)")
        case .storedAESUnverifiable:
            self = .unsupportedEncryption("AES without compression (AE-2), which libzip 1.7 cannot verify")
        case .libzip(let member?, let error):
            self = .notAZip("\(member) cannot be read: libzip: \(error.message)")
        case .libzip(nil, let error):
            self = .notAZip("libzip: \(error.message)")
        case .libzipMissing(let reason):
            self = .cannotRead("password-protected zips need libzip (Debian package libzip4): \(reason)")
        case .zlibCannotStart(let code):
            self = .cannotRead("zlib cannot start (code \(code))")
        case .cannotHoldInMemory(let errno):
            self = .cannotRead("cannot hold the archive in memory: \(ErrnoText.message(for: errno))")
        }
    }
}

extension LocatedProblem {
    /// A zip failure, located nowhere in particular (the caller adds the member it was reading).
    init(_ failure: ZipArchiveError) {
        self.init(ImportProblem(failure))
    }
}

extension ZipContainer {
    /// The zip `data` (its members counted against `budget`), a failure as the import's problem.
    static func reading(_ data: Data, budget: InflateBudget = InflateBudget()) throws(LocatedProblem) -> ZipContainer {
        do {
            return try ZipContainer(data: data, budget: budget)
        } catch {
            throw LocatedProblem(error)
        }
    }

    /// The zip `data` of `file`, or the import error that it is not one.
    static func opening(_ data: Data, file: String) throws(ImportError) -> ZipContainer {
        do {
            return try reading(data)
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }
}

extension ZipMembers {
    /// The contents of the member at `path` (``ZipMembers/contents(of:limit:)``), a failure as
    /// the import's problem.
    func member(_ path: String, limit: MemberLimit = .member) throws(LocatedProblem) -> Data {
        do {
            return try contents(of: path, limit: limit)
        } catch {
            throw LocatedProblem(error)
        }
    }
}
