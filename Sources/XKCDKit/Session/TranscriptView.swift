/// A comic's transcript to show: xkcd's own, or explainxkcd's community transcript.
public struct TranscriptView: Sendable, Equatable {
    /// Who wrote a transcript.
    public enum Source: String, Sendable {
        /// xkcd's own, served with the comic.
        case xkcd
        /// explainxkcd's Transcript section, written by its community.
        case explainxkcd
    }

    /// The comic.
    public var num: Int
    /// The transcript as plain text; empty when there is none.
    public var text: String
    /// Where it comes from; nil when there is none.
    public var source: Source?
    /// explainxkcd's transcript as a document, laid out like an explanation; nil for xkcd's.
    public var document: WikiDocument?
}
