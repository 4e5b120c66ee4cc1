import Foundation

/// The queries of Fixtures/search, each with the comic a person means by it.
package enum SearchFixtures {
    /// Fixtures/search/sentences.tsv: sentences as people describe a comic.
    package static func sentences() throws -> [(num: Int, query: String)] { try queries(in: "sentences.tsv") }

    /// Fixtures/search/titles.tsv: comics' titles as people type them.
    package static func titles() throws -> [(num: Int, query: String)] { try queries(in: "titles.tsv") }

    /// Fixtures/search/meanings.tsv: comics described without the words of their title, alt
    /// text and transcript.
    package static func meanings() throws -> [(num: Int, query: String)] { try queries(in: "meanings.tsv") }

    /// Fixtures/search/meanings-blind.tsv: more of those, written by someone who saw no result.
    package static func blindMeanings() throws -> [(num: Int, query: String)] {
        try queries(in: "meanings-blind.tsv")
    }

    /// Fixtures/search/meanings-late.tsv: comics after #1677 (whose xkcd transcript is empty),
    /// described by someone who saw no result.
    package static func lateMeanings() throws -> [(num: Int, query: String)] {
        try queries(in: "meanings-late.tsv")
    }

    // The lines of Fixtures/search/`name`: a comic number, a tab, a query; `#` starts a comment.
    private static func queries(in name: String) throws -> [(num: Int, query: String)] {
        let file = ComicArchive.locateFixtures().appendingPathComponent("search/\(name)")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard !line.hasPrefix("#"), fields.count == 2, let num = Int(fields[0]) else { return nil }
            return (num, fields[1])
        }
    }
}
