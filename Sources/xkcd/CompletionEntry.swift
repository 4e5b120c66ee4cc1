import LineEditing
import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `xkcd __complete SHELL …`: the completion scripts' hidden entry point. It answers from the
/// store in the data directory alone (never the network, never creating anything) and is read
/// before anything else, so a Tab costs one start and, for comics, one read of the titles.
enum CompletionEntry {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        guard let request = ShellCompletionRequest(arguments: arguments) else {
            output.error("usage: \(ProgramHelp.name) __complete bash WORD LINE | zsh WORD... | fish WORD...")
            return ExitCode.usage
        }
        let directory = request.dataDirectory(environment: .process)
        output.write(request.reply(titles: { storedTitles(in: directory) }))
        return ExitCode.success
    }

    private static func storedTitles(in directory: URL) -> TitleIndex {
        let database = directory.appendingPathComponent("xkcd.sqlite3")
        guard FileManager.default.fileExists(atPath: database.path),
            let store = try? ComicStore.open(at: database),
            let titles = try? store.allTitles()
        else { return .empty }
        return TitleIndex(titles: titles, favorites: (try? store.favoriteNumbers()) ?? [])
    }
}

/// Connects the pure ``Completer`` to the line editor's Tab key. A note (no comics stored) is
/// shown the first time only; after it such a Tab just beeps.
enum CompletionBridge {
    static func handler(_ completer: Completer, titles: TitleIndexCache) -> CompletionHandler {
        let noted = Lock<Set<String>>([])
        return { text in
            let completion = completer.complete(
                text, titles: titles.current(), paths: { PathLister.entries(completing: $0) })
            let note = completion.note.flatMap { note in noted.withLock { $0.insert(note).inserted } ? note : nil }
            return (completion.replaceCount, completion.insertion, completion.candidates, note)
        }
    }
}
