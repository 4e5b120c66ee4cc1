import LineEditing
import XKCDKit

/// Connects the pure ``Completer`` to the line editor's Tab key.
enum CompletionBridge {
    static func handler(_ completer: Completer) -> CompletionHandler {
        { text in
            let completion = completer.complete(text)
            return LineCompletion(replaceCount: completion.replaceCount, insertion: completion.insertion,
                                  candidates: completion.candidates)
        }
    }
}
