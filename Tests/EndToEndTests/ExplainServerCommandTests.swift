import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// `xkcd-test-server --explanations`: the real explainxkcd fixture pages plus a generated page
/// for every other comic, through the batch query API.
@Suite struct ExplainServerCommandTests {
    /// The built `xkcd-test-server` next to the `xkcd` binary.
    var executable: URL {
        XKCDBinary.url.deletingLastPathComponent().appendingPathComponent("xkcd-test-server")
    }

    /// Starts the server with `arguments`, runs `body` with its base URL, then stops it.
    func serving(_ arguments: [String], _ body: (String) async throws -> Void) async throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // Read on a thread of its own: blocking a test's cooperative thread holds up other tests.
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    line.append(chunk)
                }
                continuation.resume(returning: line)
            }
        }
        let baseURL = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(baseURL.hasPrefix("http://127.0.0.1:"))
        try await body(baseURL)
    }

    func pages(_ baseURL: String, titles: String) async throws -> [String: [String: Any]] {
        let url = try #require(
            URL(
                string: baseURL + "/wiki/api.php?action=query&prop=revisions&rvprop=content&titles=\(titles)"
                    + "&redirects=1&format=json&maxlag=5"))
        let response = try await CurlTransport(timeout: 5).get(url)
        #expect(response.status == 200)
        let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (json?["query"] as? [String: Any])?["pages"] as? [String: [String: Any]] ?? [:]
    }

    func content(_ page: [String: Any]?) -> String? {
        (page?["revisions"] as? [[String: String]])?.first?["*"]
    }

    @Test func servesRealPagesAndGeneratesTheRest() async throws {
        try await serving(["--explanations"]) { baseURL in
            let answer = try await pages(baseURL, titles: "327%7C353%7C2665%7C99999")
            let fixture = ComicArchive.locateFixtures().appendingPathComponent("explain/0327.wiki")
            #expect(content(answer["327"]) == (try String(contentsOf: fixture, encoding: .utf8)))
            #expect(answer["353"]?["title"] as? String == "353: Python")
            #expect(content(answer["353"])?.contains("\n==Transcript==\n:[ Guy 1 is talking") == true)
            #expect(content(answer["2665"])?.hasPrefix("{{comic\n| number    = 2665\n") == true)
            #expect(answer["-1"]?["missing"] as? String == "")
        }
    }

    @Test func withoutTheFlagOnlyRealPagesAreServed() async throws {
        try await serving([]) { baseURL in
            let answer = try await pages(baseURL, titles: "327%7C353")
            #expect(content(answer["327"]) != nil)
            #expect(answer["-1"]?["title"] as? String == "353")
        }
        let help = try ChildProcess.run(executable.path, ["--help"])
        #expect(help.status == 0 && help.stdout.contains("--explanations"))
    }
}
