import Foundation

/// What each real explainxkcd page shows as text by another parser's reading:
/// Fixtures/explain/reference-text.tsv, written by scripts/reference-words.py from
/// mwparserfromhell's `strip_code()` (its docstring says how). The text the program makes of a
/// page is measured by the share of the Explanation's sampled words it holds, and may hold only
/// the pieces of markup (``WikiLeftovers``) that the page's own text holds.
package struct ReferenceText: Sendable {
    /// One page's line.
    package struct Page: Sendable {
        /// The Explanation's sampled words (lower-case ASCII letters and digits).
        package var words: [String]
        /// The pieces of markup the Explanation's own text holds, named as ``WikiLeftovers`` names them.
        package var explanationMarkup: Set<String>
        /// Those the Transcript's own text holds.
        package var transcriptMarkup: Set<String>
    }

    /// Comic number -> its page's line.
    package var pages: [Int: Page]

    /// Reads the committed file (or `file`).
    package init(
        file: URL = ComicArchive.locateFixtures().appendingPathComponent("explain/reference-text.tsv")
    ) throws {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ComicArchive.LoadError(description: "cannot read \(file.path): \(error.localizedDescription)")
        }
        var pages: [Int: Page] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let num = Int(fields[0]) else {
                throw ComicArchive.LoadError(description: "\(file.path) has a line that is not four fields: \(line)")
            }
            let lists = fields.dropFirst().map { $0.split(separator: " ").map(String.init) }
            pages[num] = Page(words: lists[0], explanationMarkup: Set(lists[1]), transcriptMarkup: Set(lists[2]))
        }
        self.pages = pages
    }

    /// The words of `text` as the file has them: runs of ASCII letters and digits, lower-cased.
    /// (The file keeps only those of three characters or more that are not all digits; a
    /// reference word is looked for among all of these.)
    package static func words(of text: String) -> Set<String> {
        var found: Set<String> = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte | 0x20)
            default:
                if !word.isEmpty { found.insert(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { found.insert(String(decoding: word, as: UTF8.self)) }
        return found
    }

    /// The share of comic `num`'s reference words that `text` holds, and those it lacks; nil
    /// when the page has no reference words.
    package func recall(of num: Int, in text: String) -> (recall: Double, missing: [String])? {
        guard let reference = pages[num]?.words, !reference.isEmpty else { return nil }
        let own = Self.words(of: text)
        let missing = reference.filter { !own.contains($0) }
        return (Double(reference.count - missing.count) / Double(reference.count), missing)
    }

    /// The pieces of markup in `text`, made from comic `num`'s Explanation (or with
    /// `transcript`, its Transcript), that the page's own text does not hold.
    package func leftovers(of num: Int, in text: String, transcript: Bool = false) -> [String] {
        let own = pages[num].map { transcript ? $0.transcriptMarkup : $0.explanationMarkup } ?? []
        return WikiLeftovers.markup(in: text).filter { !own.contains($0) }
    }
}
