import SentenceEncoder

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The vectors of the index by meaning that one model made, in comic number order (a comic has
/// one for each of its texts), and the comics nearest a query's.
struct MeaningVectors: Sendable {
    /// How many numbers a vector has.
    static let dimensions = SentenceEncoder.dimensions

    /// The model that made them.
    let model: String
    /// The store's revision of the index when they were read.
    let revision: String?
    /// Each vector's comic.
    let nums: [Int]
    /// The vectors one after another, ``dimensions`` numbers each.
    let values: [Float]

    var isEmpty: Bool { nums.isEmpty }

    /// The `count` comics nearest `query` (of unit length, as the vectors are), each as near as
    /// the nearest of its vectors, nearest first, with that cosine similarity; equal ones in
    /// number order.
    func nearest(to query: [Float], count: Int) -> [(num: Int, similarity: Float)] {
        precondition(query.count == Self.dimensions)
        var scored: [(num: Int, similarity: Float)] = []
        scored.reserveCapacity(nums.count)
        values.withUnsafeBufferPointer { values in
            query.withUnsafeBufferPointer { query in
                for (row, num) in nums.enumerated() {
                    let base = row * Self.dimensions
                    var sum: Float = 0
                    for index in 0..<Self.dimensions { sum += values[base + index] * query[index] }
                    // A comic's vectors are next to each other.
                    if let last = scored.last, last.num == num {
                        scored[scored.count - 1].similarity = max(last.similarity, sum)
                    } else {
                        scored.append((num, sum))
                    }
                }
            }
        }
        scored.sort { ($0.similarity, $1.num) > ($1.similarity, $0.num) }
        return Array(scored.prefix(count))
    }

    /// `vector` as stored: its numbers' bits, little-endian.
    static func bytes(_ vector: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern.littleEndian
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        }
        return bytes
    }

    /// Appends the numbers stored as `bytes` to `values`.
    static func append(_ bytes: [UInt8], to values: inout [Float]) {
        for start in stride(from: 0, to: bytes.count - 3, by: 4) {
            let bits =
                UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
                | UInt32(bytes[start + 3]) << 24
            values.append(Float(bitPattern: bits))
        }
    }
}
