import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// A misspelt search through the built binary: the fixtures and #303 Compiling and #936
/// Password Strength, as xkcd serves them.
@Suite(.serialized) final class CorrectedSearchTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        var archive = try ComicArchive.fixtures(at: ComicArchive.locateFixtures())
        archive.bodies[303] = ComicArchive.body(
            num: 303, title: "Compiling",
            alt: "'Are you stealing those LCDs?' 'Yeah, but I'm doing it while my code compiles.'",
            year: 2007, month: 8, day: 15)
        archive.bodies[936] = ComicArchive.body(
            num: 936, title: "Password Strength",
            alt: "To anyone who understands information theory and security and is in an infuriating argument "
                + "with someone who does not (possibly involving mixed case), I sincerely apologize.",
            year: 2011, month: 8, day: 10)
        loopback = try Loopback(archive: archive)
        let sync = try xkcd.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    @Test func aMisspeltQueryShowsTheCorrectedHitsUnderOneLineSayingSo() throws {
        let run = try xkcd.run(["search", "pasword", "strenght"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "showing results for password strength — xkcd search --exact pasword strenght for the words as typed"
        )
        #expect(lines.dropFirst().first?.hasPrefix("#936 Password Strength") == true, "\(run.stdout)")
        #expect(run.stderr.isEmpty)
        let repl = try xkcd.run(["-c", "search pasword strenght"])
        #expect(repl.stdout.hasPrefix("showing results for password strength — search --exact pasword strenght for"))
    }

    @Test func exactSearchesTheWordsAsTypedAndSaysNothingMatches() throws {
        let run = try xkcd.run(["search", "--exact", "pasword", "strenght"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "no comic matches 'pasword strenght'\n")
    }

    @Test func aTitlesWordIsTheCorrection() throws {
        let run = try xkcd.run(["-c", "search compilling"])
        #expect(
            run.stdout.hasPrefix(
                "showing results for compiling — search --exact compilling for the words as typed\n#303 Compiling"))
    }

    @Test func theJSONCarriesTheCorrectionAndGotosSuggestions() throws {
        let search = try xkcd.run(["--json", "search", "pasword", "strenght"])
        let document = try JSONReader.parse(search.stdout.utf8)
        #expect(document["corrected"] == .string("password strength"))
        #expect(document["query"] == .string("pasword strenght"))
        let hits = try #require(document["hits"]?.array, "\(search.stdout)")
        #expect(hits.first?["num"]?.integer == 936)
        let goto = try xkcd.run(["--json", "goto", "pasword", "strenth"])
        #expect(goto.status == 1)
        let error = try JSONReader.parse(goto.stdout.utf8)
        #expect(
            error["did_you_mean"] == .array([.object([("num", .int(936)), ("title", .string("Password Strength"))])]))
        #expect(goto.errorLines == ["error: \(error["error"]?.string ?? "")"])
    }
}
