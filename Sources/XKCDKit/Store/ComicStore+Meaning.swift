import CSQLiteSetup

/// The index by meaning: vectors for each stored comic, one for each of its texts
/// (``MeaningText``), made by the sentence encoder, with the model that made them, the
/// versions of the comic and explanation they were made from and a digest of the texts, so
/// that a comic whose text changed, or a new model, gets new ones, and one fetched again
/// unchanged keeps them.
extension ComicStore {
    static let meaningTable = """
        CREATE TABLE "meaning" ("num" INTEGER NOT NULL REFERENCES "comic"("num") ON DELETE CASCADE,
            "part" INTEGER NOT NULL CHECK ("part" >= 0), "model" TEXT NOT NULL, "comic_at" DOUBLE NOT NULL,
            "explained_at" DOUBLE, "vector" BLOB NOT NULL, PRIMARY KEY ("num", "part")) WITHOUT ROWID
        """
    static let meaningDigestColumn = #"ALTER TABLE "meaning" ADD COLUMN "digest" INTEGER"#

    /// Rewrites the vectors stored as 32-bit floats (before v17) as ``MeaningVectors/bytes(_:)``
    /// stores them now.
    static func compactVectors(in db: SQLiteConnection) throws {
        let floats = MeaningVectors.dimensions * MemoryLayout<Float32>.size
        let rows = try db.rows("SELECT num, part, vector FROM meaning WHERE length(vector) = ?", [floats]) {
            row -> (num: Int, part: Int, vector: SQLiteValue) in (row["num"], row["part"], row["vector"])
        }
        let update = try db.cached("UPDATE meaning SET vector = ? WHERE num = ? AND part = ?")
        for row in rows {
            guard case let .blob(bytes) = row.vector else { continue }
            let vector = bytes.withUnsafeBytes { raw in
                stride(from: 0, to: raw.count, by: 4).map { offset -> Float in
                    Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                }
            }
            try update.execute([SQLiteValue.blob(MeaningVectors.bytes(vector)), row.num, row.part])
        }
    }

    /// Drops the vectors of every comic with one of nothing but zeros (what ``MeaningVectors``
    /// stores of a vector that is not numbers), so that a sync makes them again.
    static func dropEmptyVectors(in db: SQLiteConnection) throws {
        try db.execute(
            """
            DELETE FROM meaning WHERE num IN (SELECT num FROM meaning WHERE substr(vector, 5) = zeroblob(\(MeaningVectors.dimensions)))
            """)
        if db.changes > 0 { try reviseMeaning(in: db) }
    }

    /// The stored comics whose vectors `model` has not made from their texts as they are now,
    /// in number order. A comic or explanation fetched again with the same texts keeps its
    /// vectors, marked as made from the new versions.
    func numbersWithoutMeaning(model: String) throws -> [Int] {
        let changed = try read { db in
            try db.rows(
                """
                SELECT comic.num, CASE WHEN meaning.model = ? THEN meaning.digest END AS digest
                FROM comic LEFT JOIN explanation USING (num)
                    LEFT JOIN meaning ON meaning.num = comic.num AND meaning.part = 0
                WHERE meaning.num IS NULL OR meaning.model != ? OR meaning.comic_at != comic.fetched_at
                    OR meaning.explained_at IS NOT explanation.fetched_at
                ORDER BY comic.num
                """, [model, model]
            ) { row -> (num: Int, digest: Int64?) in (row["num"], row.optional("digest")) }
        }
        let stored = Dictionary(changed.compactMap { row in row.digest.map { (row.num, $0) } }) { first, _ in first }
        let same = try meaningTexts(Array(stored.keys).sorted()).filter { stored[$0.num] == $0.digest }
        if !same.isEmpty {
            try write { db in
                let touch = try db.cached("UPDATE meaning SET comic_at = ?, explained_at = ? WHERE num = ?")
                for source in same { try touch.execute([source.comicAt, source.explainedAt, source.num]) }
            }
        }
        let kept = Set(same.map(\.num))
        return changed.map(\.num).filter { !kept.contains($0) }
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
                """, [Self.jsonArray(numbers)]
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
                INSERT INTO meaning(num, part, model, comic_at, explained_at, digest, vector)
                SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM comic WHERE num = ?1)
                """)
            var next = vectors.makeIterator()
            for source in sources {
                try remove.execute([source.num])
                for part in source.texts.indices {
                    guard let vector = next.next() else { break }
                    try insert.execute([
                        source.num, part, model, source.comicAt, source.explainedAt, source.digest,
                        SQLiteValue.blob(MeaningVectors.bytes(vector)),
                    ])
                }
            }
            try Self.reviseMeaning(in: db)
        }
    }

    /// Gives the index by meaning a new revision, within the caller's transaction: its vectors
    /// were written or deleted, and what a session holds of them is stale.
    static func reviseMeaning(in db: SQLiteConnection) throws {
        try setState(.meaningRevision, String(Int64.random(in: 1...Int64.max)), in: db)
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

    /// The lock a sync holds while it builds the index by meaning (a flock beside the store), so
    /// that two syncs do not both encode every comic; nil while another process holds it.
    func lockMeaningIndex() -> FileLock? {
        guard let path else { return FileLock.none }
        return FileLock(ifFree: path + "-meaning-lock")
    }

    /// How far a build of the index by meaning has come, while one is under way (in this
    /// process or another): the stored comics `model` has vectors for made from their texts as
    /// they are now, of all stored; nil when none is being built.
    func meaningBuildProgress(model: String) throws -> (indexed: Int, stored: Int)? {
        guard let path, FileLock.isHeld(path + "-meaning-lock") else { return nil }
        return try read { db in
            let indexed = try db.value(
                """
                SELECT count(*) FROM meaning JOIN comic USING (num) LEFT JOIN explanation USING (num)
                WHERE meaning.model = ? AND meaning.part = 0 AND meaning.comic_at = comic.fetched_at
                    AND meaning.explained_at IS explanation.fetched_at
                """, [model], as: Int.self)
            return (indexed ?? 0, try db.value("SELECT count(*) FROM comic", as: Int.self) ?? 0)
        }
    }

    /// The bytes the index by meaning takes in the store's file: its table's pages (SQLite's dbstat).
    package func meaningIndexBytes() throws -> Int {
        try read { db in try db.value("SELECT sum(pgsize) FROM dbstat WHERE name = 'meaning'", as: Int.self) ?? 0 }
    }

    /// The revision of the index by meaning: it changes whenever vectors are written or deleted.
    func meaningRevision() throws -> String? {
        try state(.meaningRevision)
    }
}

/// A stored vector read where it lies in SQLite's row, to be appended to the vectors read.
private struct VectorBlob: SQLiteReadable {
    let bytes: UnsafeRawBufferPointer

    static func read(_ statement: OpaquePointer, _ index: Int32) -> VectorBlob {
        let count = Int(sqlite3_column_bytes(statement, index))
        return VectorBlob(bytes: UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, index), count: count))
    }

    /// Appends the vector to `values`, unless it is not one vector as ``MeaningVectors`` stores it.
    func appended(to values: inout [Float]) -> Bool {
        MeaningVectors.append(bytes, to: &values)
    }
}

/// A comic's texts for the encoder, and the versions of the comic and explanation they are made of.
package struct MeaningSource: Sendable, Equatable {
    let num: Int
    package let texts: [String]
    let comicAt: Double
    let explainedAt: Double?

    /// A digest of `texts` that stays the same from run to run (64-bit FNV-1a over their UTF-8,
    /// each ended by a zero byte): the same texts have the same vectors.
    var digest: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for text in texts {
            for byte in text.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return Int64(bitPattern: hash)
    }
}
