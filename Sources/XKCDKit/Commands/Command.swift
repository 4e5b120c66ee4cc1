/// One parsed command, ready for the session.
package enum Command: Equatable, Sendable {
    /// The newest comic.
    case latest
    /// Comic 1.
    case first
    /// K comics forward.
    case next(Int)
    /// K comics back.
    case previous(Int)
    /// A random comic not seen yet.
    case random
    /// A comic by number or title.
    case goto(ComicReference)
    /// Back in the navigation history.
    case back
    /// Forward in the navigation history.
    case forward
    /// The comics visited, most recent first: the latest `limit` (nil: all).
    case history(limit: Int?)
    /// A comic's card (the current one when nil).
    case show(ComicReference?)
    /// A comic's alt text.
    case alt(ComicReference?)
    /// A comic's transcript.
    case transcript(ComicReference?)
    /// Make a comic (the current one when nil) a favorite, storing it for offline use.
    case favorite(ComicReference?)
    /// Remove a favorite.
    case unfavorite(ComicReference?)
    /// List the favorites.
    case favorites
    /// Merge favorites from a file written by `favs --json`.
    case importFavorites(path: String)
    /// A comic's image drawn in the terminal, after its card when `withCard`.
    case image(ComicReference?, ImageOptions, withCard: Bool)
    /// Write a comic's image (the current one's when nil) to a file.
    case save(ComicReference?, path: String?, force: Bool)
    /// What is stored and how large.
    case cacheStats
    /// Delete everything stored except favorites.
    case cacheClear(skipConfirmation: Bool)
    /// Fetch every comic not stored yet (with `images`, their images; with `explanations`,
    /// every explainxkcd page missing or stale), at most `jobs` at a time (nil: as many as the
    /// connection carries).
    case sync(images: Bool, explanations: Bool = true, jobs: Int? = nil)
    /// Full-text search over titles, alt texts, transcripts and explanations: the best `limit`
    /// hits (nil: all); `exact`: the words as typed, never a correction; `by`: one ranking
    /// alone (nil: both, fused, where the query is plain words and the index by meaning exists).
    case search(String, limit: Int? = SearchQuery.shown, exact: Bool = false, by: SearchBy? = nil)
    /// The next hits of the last search.
    case more
    /// explainxkcd's explanation of a comic (the current one when nil); `all`: the whole page.
    case explain(ComicReference?, all: Bool)
    /// A comic ready to share: as text, a `mailto:` URL or Markdown (nil: the `share-format`
    /// setting's, or `mailto:` with an address); optionally copied and opened.
    case share(ComicReference?, format: ShareFormat?, to: String?, copy: Bool, open: Bool)
    /// The comic's page in the browser.
    case open(ComicReference?)
    /// New comics since the last check, one line each; `notify`: a desktop notification too.
    case check(notify: Bool)
    /// How many comics are unread, and the first few.
    case unread
    /// The next unread comic after the current one.
    case nextUnread
    /// Every setting, its value and where it came from.
    case config
    /// Setting `key`: shown (no value), or changed for the session and, with `save`, in the
    /// settings file.
    case set(key: String, value: String?, save: Bool)
    /// Help on all commands or one.
    case help(String?)
    /// Leave.
    case quit
}

/// A comic named by number or by title.
package enum ComicReference: Equatable, Sendable {
    /// By number.
    case number(Int)
    /// By title (exact, case-insensitive, or a unique prefix).
    case title(String)
}

/// How `share` writes a comic.
package enum ShareFormat: String, CaseIterable, Sendable, Equatable {
    /// A message-ready text block.
    case text
    /// An RFC 6068 `mailto:` URL.
    case mailto
    /// A Markdown link and image.
    case markdown
}

/// How `image` (and `show --image`) draws a comic: which terminal protocol, and how wide.
package struct ImageOptions: Sendable, Equatable {
    /// How to draw it; nil: as the `renderer` setting says.
    var renderer: RendererChoice?
    /// The width in columns; nil: fit the terminal.
    var width: Int?

    package init(renderer: RendererChoice? = nil, width: Int? = nil) {
        self.renderer = renderer
        self.width = width
    }
}

extension ImageOptions {
    /// The options as scanned.
    package init(_ input: CommandInput) {
        self.init(renderer: input[.renderer], width: input[.width])
    }
}
