import CSQLiteSetup

/// The index by meaning: vectors for each stored comic, one for each of its texts
/// (``MeaningText``), made by the sentence encoder, with the model that made them and the
/// versions of the comic and explanation they were made from, so that a comic whose text
/// changed, or a new model, gets new ones.
extension ComicStore {
    static let meaningTable = """
        CREATE TABLE "meaning" ("num" INTEGER NOT NULL REFERENCES "comic"("num") ON DELETE CASCADE,
            "part" INTEGER NOT NULL CHECK ("part" >= 0), "model" TEXT NOT NULL, "comic_at" DOUBLE NOT NULL,
            "explained_at" DOUBLE, "vector" BLOB NOT NULL, PRIMARY KEY ("num", "part")) WITHOUT ROWID
        """

    /// The stored comics whose vector `model` has not made from their text as it is now, in
    /// number order.
    func numbersWithoutMeaning(model: String) throws -> [Int] {
        try read { db in
            try db.values(
                """
                SELECT comic.num FROM comic LEFT JOIN explanation USING (num)
                    LEFT JOIN meaning ON meaning.num = comic.num AND meaning.part = 0
                WHERE meaning.num IS NULL OR meaning.model != ? OR meaning.comic_at != comic.fetched_at
                    OR meaning.explained_at IS NOT explanation.fetched_at
                ORDER BY comic.num
                """, [model], as: Int.self)
        }
    }

    /// The texts each of the comics `numbers` is known by (see ``MeaningText``), with the
    /// versions of the comic and explanation they come from.
    package func meaningTexts(_ numbers: [Int]) throws -> [MeaningSource] {
        guard !numbers.isEmpty else { return [] }
        return try read { db in
            try db.rows(
                """
                SELECT search_text.*, comic.fetched_at AS comic_at, explanation.fetched_at AS explained_at
                FROM search_text JOIN comic USING (num) LEFT JOIN explanation USING (num)
                WHERE num IN (SELECT value FROM json_each(?)) ORDER BY num
                """, ["[" + numbers.map(String.init).joined(separator: ",") + "]"]
            ) { row in
                MeaningSource(
                    num: row["num"],
                    texts: MeaningText.parts(
                        title: row["title"], alt: row["alt"], transcript: row["transcript"],
                        explanation: row["explanation"]),
                    comicAt: row["comic_at"], explainedAt: row.optional("explained_at"))
            }
        }
    }

    /// Stores `vectors`, made by `model` from the texts of `sources` (one each, in order), in
    /// place of each comic's older ones, in one transaction; a comic removed meanwhile is skipped.
    func storeMeanings(_ sources: [MeaningSource], vectors: [[Float]], model: String) throws {
        precondition(sources.map(\.texts.count).reduce(0, +) == vectors.count)
        try write { db in
            let remove = try db.cached("DELETE FROM meaning WHERE num = ?")
            let insert = try db.cached(
                """
                INSERT INTO meaning(num, part, model, comic_at, explained_at, vector)
                SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM comic WHERE num = ?1)
                """)
            var next = vectors.makeIterator()
            for source in sources {
                try remove.execute([source.num])
                for part in source.texts.indices {
                    guard let vector = next.next() else { break }
                    try insert.execute([
                        source.num, part, model, source.comicAt, source.explainedAt,
                        SQLiteValue.blob(MeaningVectors.bytes(vector)),
                    ])
                }
            }
            try Self.setState(.meaningRevision, String(Int64.random(in: 1...Int64.max)), in: db)
        }
    }

    /// The vectors `model` made, with the revision they were read at.
    func meaningVectors(model: String) throws -> MeaningVectors {
        try read { db in
            var nums: [Int] = []
            var values: [Float] = []
            try db.cached("SELECT num, vector FROM meaning WHERE model = ? ORDER BY num, part").forEachRow([model]) {
                row in
                let vector: VectorBlob = row["vector"]
                guard vector.appended(to: &values) else { return }
                nums.append(row["num"])
            }
            return MeaningVectors(
                model: model, revision: try Self.state(.meaningRevision, in: db), nums: nums, values: values)
        }
    }

    /// The revision of the index by meaning: it changes whenever vectors are written.
    func meaningRevision() throws -> String? {
        try state(.meaningRevision)
    }

    /// How many stored comics have vectors `model` made.
    func meaningCount(model: String) throws -> Int {
        try read { db in try db.value("SELECT count(DISTINCT num) FROM meaning WHERE model = ?", [model]) ?? 0 }
    }
}

/// A stored vector read where it lies in SQLite's row, to be appended to the vectors read.
private struct VectorBlob: SQLiteReadable {
    let bytes: UnsafeRawBufferPointer

    static func read(_ statement: OpaquePointer, _ index: Int32) -> VectorBlob {
        let count = Int(sqlite3_column_bytes(statement, index))
        return VectorBlob(bytes: UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, index), count: count))
    }

    /// Appends the vector to `values`, unless it is not one ``MeaningVectors/dimensions`` long.
    func appended(to values: inout [Float]) -> Bool {
        guard bytes.count == MeaningVectors.dimensions * MemoryLayout<Float>.size else { return false }
        #if _endian(little)
            // Copied byte for byte: SQLite does not align a blob for floats.
            let start = values.count
            values.append(contentsOf: repeatElement(0, count: MeaningVectors.dimensions))
            values.withUnsafeMutableBytes { target in
                target.baseAddress!.advanced(by: start * MemoryLayout<Float>.size).copyMemory(
                    from: bytes.baseAddress!, byteCount: bytes.count)
            }
        #else
            MeaningVectors.append(Array(bytes), to: &values)
        #endif
        return true
    }
}

/// A comic's texts for the encoder, and the versions of the comic and explanation they are made of.
package struct MeaningSource: Sendable, Equatable {
    let num: Int
    package let texts: [String]
    let comicAt: Double
    let explainedAt: Double?
}
