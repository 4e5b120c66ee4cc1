// xkcd-test-server: serves xkcd comics on 127.0.0.1 in the shape of the live JSON API.
//
//   xkcd-test-server [--fixtures DIR | --comicdb FILE] [--explanations] [--real-data] [--port N]
//
// Prints its base URL (http://127.0.0.1:PORT) on one line on stdout, then serves until
// SIGTERM or SIGINT. --fixtures defaults to the package's Fixtures directory; --comicdb
// serves PyPI xkcd-comicdb's xkcd.sqlite3 (all of comics 1-2665). explainxkcd's parse and
// query APIs (/wiki/api.php) serve the fixtures' explain/NNNN.wiki pages, plus with
// --explanations a generated page for every other comic, or with --real-data explainxkcd's real
// pages and xkcd's real images from ../shared/real-data; /imgs/ serves their imgs/ files.
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    usage: xkcd-test-server [--fixtures DIR | --comicdb FILE] [--explanations] [--real-data] [--port N]

      --fixtures DIR   serve DIR/comics/N.json (default: the package's Fixtures)
      --comicdb FILE   serve every comic of xkcd-comicdb's xkcd.sqlite3
      --explanations   serve an explainxkcd page for every comic: the real ones in
                       Fixtures/explain, a generated one for each of the others
      --real-data      serve explainxkcd's real pages and xkcd's real images, as
                       ../shared/real-data beside the package holds them
      --port N         listen on 127.0.0.1:N (default: a free port)

    Prints the base URL on stdout, then serves until SIGTERM or SIGINT.

    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("xkcd-test-server: \(message)\n".utf8))
    exit(status)
}

var fixtures: String?
var comicDatabase: String?
var port: UInt16 = 0
var generatesExplanations = false
var servesRealData = false

var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    var argument = arguments.removeFirst()
    var inlineValue: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
    }
    func value() -> String {
        if let inlineValue { return inlineValue }
        guard !arguments.isEmpty else { fail("\(argument) needs a value\n\(usage)", status: 2) }
        return arguments.removeFirst()
    }
    switch argument {
    case "--fixtures": fixtures = value()
    case "--comicdb": comicDatabase = value()
    case "--explanations":
        if inlineValue != nil { fail("--explanations takes no value", status: 2) }
        generatesExplanations = true
    case "--real-data":
        if inlineValue != nil { fail("--real-data takes no value", status: 2) }
        servesRealData = true
    case "--port":
        let text = value()
        guard let number = UInt16(text) else { fail("--port: not a port number: \(text)", status: 2) }
        port = number
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        fail("unknown argument \(argument)\n\(usage)", status: 2)
    }
}
if fixtures != nil && comicDatabase != nil {
    fail("give --fixtures or --comicdb, not both", status: 2)
}

// Block the signals before any thread starts so every thread inherits the mask, and wait
// for them synchronously below.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGTERM)
sigaddset(&stopSignals, SIGINT)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
signal(SIGPIPE, SIG_IGN)

let archive: ComicArchive
do {
    if let comicDatabase {
        archive = try ComicArchive.comicDatabase(at: URL(fileURLWithPath: comicDatabase))
    } else {
        let directory = fixtures.map { URL(fileURLWithPath: $0) } ?? ComicArchive.locateFixtures()
        archive = try ComicArchive.fixtures(at: directory)
    }
} catch {
    fail("\(error)", status: 1)
}

let server: XKCDTestServer
do {
    server = try XKCDTestServer(archive: archive, port: port)
    // explainxkcd's API too, with the pages kept in Fixtures/explain, and Fixtures/imgs.
    let root = fixtures.map { URL(fileURLWithPath: $0) } ?? ComicArchive.locateFixtures()
    let pages = root.appendingPathComponent("explain")
    if FileManager.default.fileExists(atPath: pages.path) { try server.serveExplanations(from: pages) }
    try server.serveImages(from: root.appendingPathComponent("imgs"))
    if servesRealData {
        let real = try RealData()
        server.serveRealPages(try real.pages())
        try server.serveRealImages(try real.images())
    }
    if generatesExplanations { server.serveGeneratedExplanations() }
} catch {
    fail("\(error)", status: 1)
}

// Unbuffered, so a parent reading the first line sees it at once.
FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
FileHandle.standardError.write(
    Data(
        "xkcd-test-server: serving \(archive.bodies.count) comics (newest #\(archive.newest ?? 0)) at \(server.baseURL.absoluteString)\n"
            .utf8))

var received: Int32 = 0
while sigwait(&stopSignals, &received) != 0 {}
server.stop()
exit(0)
