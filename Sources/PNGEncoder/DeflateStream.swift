internal import CDeflate

/// One zlib deflate stream: its `z_stream` is set up in `init` and freed in `deinit`, and reset
/// for each image, so the window and hash tables are allocated once for a whole batch.
///
/// Through libpng, every small barcode PNG set up and tore down its own stream (allocating and
/// clearing zlib's window and tables): with libpng's own structures, most of the 112,000
/// instructions a 42x42 Aztec PNG cost, more than encoding the symbol (issue 26: Aztec batches
/// against zint). `@unchecked Sendable`: the stream is only used under ``BilevelPNG``'s lock.
final class DeflateStream: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<z_stream>
    private var level: Int32
    private var strategy: Int32

    /// `memoryLevel` is zlib's `memLevel`: its hash table has 2^(memoryLevel + 7) entries,
    /// cleared at every reset.
    init(level: Int32, memoryLevel: Int32, strategy: Int32) throws(PNGError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard wallet_deflate_init(stream, level, memoryLevel, strategy) == Z_OK else {
            stream.deallocate()
            throw .outOfMemory
        }
        self.level = level
        self.strategy = strategy
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// `input` as one complete zlib stream, at `level` with `strategy`.
    func compress(_ input: UnsafeBufferPointer<UInt8>, level: Int32, strategy: Int32) throws(PNGError) -> [UInt8] {
        guard deflateReset(stream) == Z_OK else { throw .zlibFailed("the stream could not be reset") }
        if level != self.level || strategy != self.strategy {
            guard deflateParams(stream, level, strategy) == Z_OK else { throw .zlibFailed("level \(level) was refused") }
            (self.level, self.strategy) = (level, strategy)
        }
        let bound = Int(deflateBound(stream, UInt(input.count)))
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = UInt32(input.count)
            stream.pointee.next_out = buffer.baseAddress
            stream.pointee.avail_out = UInt32(bound)
            status = deflate(stream, Z_FINISH)
            count = bound - Int(stream.pointee.avail_out)
        }
        // deflateBound is an upper bound for one Z_FINISH call: anything but the end is a zlib fault.
        guard status == Z_STREAM_END else { throw .zlibFailed("deflate returned \(status)") }
        return output
    }
}
