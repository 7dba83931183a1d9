/// A minimal PNG chunk reader for the tests (no zlib: pixels are checked end to end in pytest).
public struct PNGChunks {
    /// One chunk: its four-letter type and its data.
    public struct Chunk {
        public let type: String
        public let data: [UInt8]
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public let chunks: [Chunk]

    /// Parses `bytes`; nil when the signature or a chunk length is wrong.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(Self.uint32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { return nil }
            chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        guard offset == bytes.count else { return nil }
        self.chunks = chunks
    }

    public var types: [String] { chunks.map(\.type) }

    public func first(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

    /// IHDR fields: width, height, bit depth, color type, interlace.
    public var header: (width: Int, height: Int, bitDepth: Int, colorType: Int, interlace: Int)? {
        guard let ihdr = first("IHDR"), ihdr.data.count == 13 else { return nil }
        return (
            Int(Self.uint32(ihdr.data, 0)), Int(Self.uint32(ihdr.data, 4)),
            Int(ihdr.data[8]), Int(ihdr.data[9]), Int(ihdr.data[12])
        )
    }

    /// The big-endian 32-bit number at `offset`.
    public static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// `png` with its IHDR saying `width` x `height` (and a CRC that matches): a header that lies
    /// about the image's size, for the tests of size limits.
    public static func lyingAboutItsSize(_ png: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = png
        bytes.replaceSubrange(16..<24, with: bigEndian(UInt32(width)) + bigEndian(UInt32(height)))
        bytes.replaceSubrange(29..<33, with: bigEndian(crc32(Array(bytes[12..<29]))))
        return bytes
    }

    /// The big-endian bytes of `value`.
    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: enough for one chunk in a test.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
