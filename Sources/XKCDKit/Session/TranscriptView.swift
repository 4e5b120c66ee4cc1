/// A comic's transcript to show: xkcd's own, or explainxkcd's community transcript.
package struct TranscriptView: Sendable, Equatable {
    /// Who wrote a transcript.
    package enum Source: String, Sendable {
        /// xkcd's own, served with the comic.
        case xkcd
        /// explainxkcd's Transcript section, written by its community.
        case explainxkcd
    }

    /// The comic.
    package var num: Int
    /// The transcript as plain text; empty when there is none.
    package var text: String
    /// Where it comes from; nil when there is none.
    package var source: Source?
    /// explainxkcd's transcript as a document, laid out like an explanation; nil for xkcd's.
    package var document: WikiDocument?
}
