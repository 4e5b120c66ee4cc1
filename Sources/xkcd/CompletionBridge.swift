import LineEditing
import XKCDKit

/// Connects the pure ``Completer`` to the line editor's Tab key.
enum CompletionBridge {
    static func handler(_ completer: Completer, titles: TitleIndexCache) -> CompletionHandler {
        { text in
            let completion = completer.complete(
                text, titles: titles.current(), paths: { PathLister.entries(completing: $0) })
            return LineCompletion(
                replaceCount: completion.replaceCount, insertion: completion.insertion,
                candidates: completion.candidates)
        }
    }
}
