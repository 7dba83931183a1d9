import Foundation

/// Decodes the elements of a JSON array a bounded chunk at a time (``JSONScanner`` finds them),
/// so that `JSONDecoder`'s map of the document never holds more than one chunk: memory stays a
/// small multiple of the input whatever its shape.
enum JSONChunks {
    /// Elements decoded together (one `JSONDecoder` call each: fewer calls, bounded maps).
    static let elementsPerChunk = 256
    /// Bytes decoded together, at most (beyond one element's own size).
    static let bytesPerChunk = 1 << 20

    /// Calls `body` with the index and value of each element of the array whose `[` is at
    /// `start`, in order, and returns the index past the array; a decoding error is located at
    /// `path[index]...`. An array of more than `limit` elements is refused when the element past
    /// the limit is reached (before it is decoded).
    @discardableResult
    static func decode<Element: Decodable>(
        _ type: Element.Type, arrayAt start: Int, in scanner: JSONScanner, path: String, limit: Int,
        _ body: (Int, Element) throws(LocatedProblem) -> Void
    ) throws(LocatedProblem) -> Int {
        var pending: Range<Int>?
        var first = 0
        func flush() throws(LocatedProblem) {
            guard let range = pending else { return }
            pending = nil
            var chunk = Data("[".utf8)
            chunk.append(scanner.slice(range))
            chunk.append(UInt8(ascii: "]"))
            let elements: [Element]
            do {
                elements = try JSONDecoder().decode([Element].self, from: chunk)
            } catch {
                throw located(error, in: path, offset: first)
            }
            for (index, element) in elements.enumerated() { try body(first + index, element) }
        }
        let end = try scanner.forEachElement(ofArrayAt: start, path: path) { (index, range) throws(LocatedProblem) in
            guard index < limit else {
                throw LocatedProblem(
                    .invalidJSON("more than \(limit) entries: no wallet export holds that many"), at: .jsonPath(path))
            }
            if let current = pending {
                pending = current.lowerBound..<range.upperBound
            } else {
                (first, pending) = (index, range)
            }
            if let current = pending, index - first + 1 >= elementsPerChunk || current.count >= bytesPerChunk {
                try flush()
            }
            return true
        }
        try flush()
        return end
    }

    /// A decoding error of a chunk located in the whole document: `[3].store` of the chunk that
    /// starts at element `offset` of the array at `path` is `path[offset + 3].store`.
    private static func located(_ error: Error, in path: String, offset: Int) -> LocatedProblem {
        var problem = JSONProblem.located(error)
        guard case .jsonPath(let inner)? = problem.location, inner.hasPrefix("["),
            let close = inner.firstIndex(of: "]"), let index = Int(inner[inner.index(after: inner.startIndex)..<close])
        else {
            problem.location = .jsonPath(path)
            return problem
        }
        problem.location = .jsonPath("\(path)[\(offset + index)]" + inner[inner.index(after: close)...])
        return problem
    }
}
