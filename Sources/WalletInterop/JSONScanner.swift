import Foundation

/// Finds where the values of a JSON document are without building them: the byte ranges of a
/// top-level object's members and of an array's elements, and the text of a number as written.
///
/// `JSONDecoder` builds its map of the whole document first, many times the document's size
/// (bench/results.md, "Figures behind the code's comments", `JSONScanner`). The readers of JSON exports use this scanner to
/// count elements against their limits before decoding anything, then decode one bounded chunk
/// of elements at a time (``JSONChunks``). It walks the bytes once, without recursion (strings
/// with their escapes skipped, brackets counted); the values themselves are checked when they
/// are decoded, the structure between them here.
struct JSONScanner {
    let data: Data

    /// A malformed structure: what was expected, at byte `offset`.
    private func malformed(_ expected: String, at offset: Int, path: String) -> LocatedProblem {
        LocatedProblem(.invalidJSON("expected \(expected) at byte \(offset)"), at: .jsonPath(path))
    }

    /// The index of the first byte at or after `index` that is not JSON white space (or a UTF-8
    /// byte order mark at the very start).
    func skipSpace(_ index: Int) -> Int {
        data.withUnsafeBytes { raw in
            var index = index
            if index == 0, raw.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while index < raw.count, Self.isSpace(raw[index]) { index += 1 }
            return index
        }
    }

    /// The byte at `index`, or nil at the end.
    func byte(at index: Int) -> UInt8? {
        index < data.count ? data[data.startIndex + index] : nil
    }

    /// The index just past the value starting at `start` (a string, number, literal, object or
    /// array); `path` locates a structure that ends too early.
    func valueEnd(from start: Int, path: String) throws(LocatedProblem) -> Int {
        let end: Int? = data.withUnsafeBytes { raw in
            guard start < raw.count else { return nil }
            var index = start
            var depth = 0
            repeat {
                switch raw[index] {
                case UInt8(ascii: "\""):
                    // The closing quote: the next one not escaped (memchr skips the text between).
                    index += 1
                    while true {
                        guard index < raw.count,
                            let quote = memchr(raw.baseAddress! + index, 0x22, raw.count - index)
                        else { return nil }
                        let at = raw.baseAddress!.distance(to: UnsafeRawPointer(quote))
                        var backslashes = 0
                        while at - backslashes - 1 >= index, raw[at - backslashes - 1] == 0x5C { backslashes += 1 }
                        index = at + 1
                        if backslashes % 2 == 0 { break }
                    }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    index += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    guard depth > 0 else { return nil }
                    depth -= 1
                    index += 1
                default:
                    if depth == 0 {
                        while index < raw.count, !Self.endsScalar(raw[index]) { index += 1 }
                        return index > start ? index : nil
                    }
                    index += 1
                }
            } while depth > 0 && index < raw.count
            return depth == 0 ? index : nil
        }
        guard let end else { throw malformed("a complete value", at: start, path: path) }
        return end
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    /// Calls `body` with the byte range of each element of the array whose `[` is at `start`,
    /// in order, and returns the index past its `]`. `body` returns false to stop early.
    @discardableResult
    func forEachElement(
        ofArrayAt start: Int, path: String, _ body: (Int, Range<Int>) throws(LocatedProblem) -> Bool
    ) throws(LocatedProblem) -> Int {
        guard byte(at: start) == UInt8(ascii: "[") else { throw malformed("an array", at: start, path: path) }
        var index = skipSpace(start + 1)
        if byte(at: index) == UInt8(ascii: "]") { return index + 1 }
        var count = 0
        while true {
            let end = try valueEnd(from: index, path: "\(path)[\(count)]")
            guard try body(count, index..<end) else { return end }
            count += 1
            index = skipSpace(end)
            switch byte(at: index) {
            case UInt8(ascii: ","): index = skipSpace(index + 1)
            case UInt8(ascii: "]"): return index + 1
            default: throw malformed("',' or ']' after element \(count - 1)", at: index, path: path)
            }
        }
    }

    /// The elements of the array at `start`, counted up to `limit` + 1 (counting stops there).
    func count(ofArrayAt start: Int, path: String, limit: Int) throws(LocatedProblem) -> Int {
        var count = 0
        try forEachElement(ofArrayAt: start, path: path) { _, _ in
            count += 1
            return count <= limit
        }
        return count
    }

    /// The members of the object whose `{` is at `start`: each key (decoded) with its value's
    /// byte range, in document order; and the index past the object's `}`.
    func members(
        ofObjectAt start: Int, path: String
    ) throws(LocatedProblem) -> (members: [(key: String, value: Range<Int>)], end: Int) {
        guard byte(at: start) == UInt8(ascii: "{") else { throw malformed("an object", at: start, path: path) }
        var members: [(key: String, value: Range<Int>)] = []
        var index = skipSpace(start + 1)
        if byte(at: index) == UInt8(ascii: "}") { return (members, index + 1) }
        while true {
            guard byte(at: index) == UInt8(ascii: "\"") else { throw malformed("a key", at: index, path: path) }
            let keyEnd = try valueEnd(from: index, path: path)
            let raw = slice(index..<keyEnd)
            // A key without escapes is its bytes; only one with escapes needs the decoder.
            guard
                let key = raw.contains(UInt8(ascii: "\\"))
                    ? try? JSONDecoder().decode(String.self, from: raw)
                    : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
            else {
                throw malformed("a valid key", at: index, path: path)
            }
            index = skipSpace(keyEnd)
            guard byte(at: index) == UInt8(ascii: ":") else { throw malformed("':' after key \"\(key)\"", at: index, path: path) }
            index = skipSpace(index + 1)
            let valueEnd = try valueEnd(from: index, path: path.isEmpty ? key : "\(path).\(key)")
            members.append((key, index..<valueEnd))
            index = skipSpace(valueEnd)
            switch byte(at: index) {
            case UInt8(ascii: ","): index = skipSpace(index + 1)
            case UInt8(ascii: "}"): return (members, index + 1)
            default: throw malformed("',' or '}'", at: index, path: path)
            }
        }
    }

    /// The bytes of `range` as text (a number literal as written).
    func text(_ range: Range<Int>) -> String {
        String(decoding: data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)], as: UTF8.self)
    }

    /// The bytes of `range`.
    func slice(_ range: Range<Int>) -> Data {
        data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
    }
}
