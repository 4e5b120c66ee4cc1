import Foundation

/// Small, valid, deterministic PNG images standing in for comic images in tests: a white
/// panel with a black frame and a few strokes that depend on the seed.
package enum SyntheticPNG {
    /// A `width` x `height` RGB PNG drawn from `seed`.
    package static func make(width: Int = 120, height: Int = 90, seed: UInt32 = 1) -> Data {
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        func plot(_ x: Int, _ y: Int) {
            guard (0..<width).contains(x), (0..<height).contains(y) else { return }
            let i = (y * width + x) * 3
            pixels[i] = 0
            pixels[i + 1] = 0
            pixels[i + 2] = 0
        }
        for x in 0..<width {
            plot(x, 0)
            plot(x, height - 1)
        }
        for y in 0..<height {
            plot(0, y)
            plot(width - 1, y)
        }
        var state = seed | 1
        for _ in 0..<3 {
            state = state &* 1_103_515_245 &+ 12345
            let x0 = Int(state % UInt32(width))
            let y0 = Int((state >> 8) % UInt32(height))
            state = state &* 1_103_515_245 &+ 12345
            let x1 = Int(state % UInt32(width))
            let y1 = Int((state >> 8) % UInt32(height))
            let steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for s in 0...steps {
                plot(x0 + (x1 - x0) * s / steps, y0 + (y1 - y0) * s / steps)
            }
        }
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            raw.append(contentsOf: pixels[(y * width * 3)..<((y + 1) * width * 3)])
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    // A zlib stream of uncompressed ("stored") deflate blocks: valid, just not small.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
