import Testing

@testable import XKCDKit

@Suite struct CommandOptionTests {
    // Records every key checked, so that the last test can ask for all of them.
    private final class Checked {
        var names: Set<String> = []
    }

    private func scan(_ command: String, _ words: [String]) throws -> CommandInput {
        try CommandScanner.scan(#require(CommandSpec.named(command)), words)
    }

    private func flag(_ key: OptionKey<Bool>, of command: String, _ checked: Checked) throws {
        #expect(try scan(command, [key.name])[key], "\(command) \(key.name)")
        #expect(try !scan(command, [])[key], "\(command) without \(key.name)")
        checked.names.insert(key.name)
    }

    private func value<Value: Equatable>(
        _ key: OptionKey<Value>, of command: String, typed: String, is expected: Value, _ checked: Checked
    ) throws {
        #expect(try scan(command, [key.name, typed])[key] == expected, "\(command) \(key.name) \(typed)")
        #expect(try scan(command, ["\(key.name)=\(typed)"])[key] == expected, "\(command) \(key.name)=\(typed)")
        #expect(try scan(command, [])[key] == nil, "\(command) without \(key.name)")
        checked.names.insert(key.name)
    }

    @Test func everyDeclaredOptionIsReadOnceAsItsKeysType() throws {
        let checked = Checked()
        try value(.limit, of: "search", typed: "007", is: 7, checked)
        try value(.jobs, of: "sync", typed: "+3", is: 3, checked)
        try value(.width, of: "image", typed: "\(ImageFit.maxColumns)", is: ImageFit.maxColumns, checked)
        try value(.renderer, of: "image", typed: "SIXEL", is: RendererChoice.sixel, checked)
        try value(.renderer, of: "show", typed: "blocks", is: RendererChoice.blocks, checked)
        try value(.renderer, of: "image", typed: "auto", is: RendererChoice.auto, checked)
        try value(.to, of: "share", typed: "Friend@Example.com", is: "Friend@Example.com", checked)
        try value(.by, of: "search", typed: "Meaning", is: SearchBy.meaning, checked)
        for command in ["history", "explain", "sync", "search"] { try flag(.all, of: command, checked) }
        for format in ShareFormat.allCases { try flag(.format(format), of: "share", checked) }
        for (key, command) in [
            (OptionKey.image, "show"), (.copy, "share"), (.open, "share"), (.force, "save"), (.yes, "cache"),
            (.images, "sync"), (.explanations, "sync"), (.noExplanations, "sync"), (.exact, "search"),
            (.notify, "check"), (.save, "set"),
        ] {
            try flag(key, of: command, checked)
        }
        let declared = Set(CommandSpec.all.flatMap { $0.options.map(\.name) })
        #expect(checked.names == declared, "each declared option is read back typed here")
    }

    @Test func aShortNameReadsTheSameKey() throws {
        #expect(try scan("search", ["-n", "12", "word"])[.limit] == 12)
        #expect(try scan("sync", ["-j", "2"])[.jobs] == 2)
        #expect(try scan("history", ["-a"])[.all])
        #expect(try scan("cache", ["clear", "-y"])[.yes])
    }

}
