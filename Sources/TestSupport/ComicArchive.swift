import Foundation
import XKCDKit

/// The comics a test server serves: number -> the exact JSON body of N/info.0.json.
package struct ComicArchive: Sendable, Equatable {
    /// Comic number -> the body served at `/N/info.0.json`, byte for byte.
    package var bodies: [Int: Data]

    /// The highest comic number present: what `/info.0.json` serves. Nil when empty.
    package var newest: Int? { bodies.keys.max() }

    /// An archive holding `bodies`.
    package init(bodies: [Int: Data] = [:]) {
        self.bodies = bodies
    }

    /// Why an archive could not be loaded.
    package struct LoadError: Error, CustomStringConvertible {
        /// What went wrong, naming the file.
        package let description: String
    }

    /// Loads `Fixtures/comics/N.json` files. `directory` may be the Fixtures directory
    /// (its `comics` subdirectory is read) or the directory of `N.json` files itself.
    package static func fixtures(at directory: URL = locateFixtures()) throws -> ComicArchive {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let comics = directory.appendingPathComponent("comics", isDirectory: true)
        let folder =
            fileManager.fileExists(atPath: comics.path, isDirectory: &isDirectory)
                && isDirectory.boolValue ? comics : directory
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw LoadError(description: "cannot read fixtures at \(folder.path): \(error.localizedDescription)")
        }
        var bodies: [Int: Data] = [:]
        for name in names where name.hasSuffix(".json") {
            guard let num = Int(name.dropLast(5)), num > 0 else { continue }
            let file = folder.appendingPathComponent(name)
            do {
                bodies[num] = try Data(contentsOf: file)
            } catch {
                throw LoadError(description: "cannot read \(file.path): \(error.localizedDescription)")
            }
        }
        if bodies.isEmpty {
            throw LoadError(description: "no N.json comics in \(folder.path)")
        }
        return ComicArchive(bodies: bodies)
    }

    /// Loads every comic of PyPI's `xkcd-comicdb` SQLite file (`xkcd_comicdb/xkcd.sqlite3`,
    /// table `comics`), converted to live-API JSON exactly as scripts/make-fixtures.py does.
    package static func comicDatabase(at sqliteFile: URL) throws -> ComicArchive {
        guard FileManager.default.isReadableFile(atPath: sqliteFile.path) else {
            throw LoadError(description: "no readable comic database at \(sqliteFile.path)")
        }
        let db = try SQLiteConnection(path: sqliteFile.path, create: false)
        var bodies: [Int: Data] = [:]
        try db.prepare(
            """
            SELECT num, link, news, safe_title, transcript, alt, img, title, date
            FROM comics ORDER BY num
            """
        ).forEachRow { row in
            guard case .integer(let number) = row["num"] as SQLiteValue else {
                throw LoadError(description: "a row of \(sqliteFile.path) has no integer num")
            }
            let num = Int(number)
            let date = text(row, "date").split(separator: "-").map { Int($0) }
            guard date.count == 3, let year = date[0], let month = date[1], let day = date[2] else {
                throw LoadError(description: "comic \(num) has a malformed date \(text(row, "date"))")
            }
            bodies[num] = LiveAPIJSON.body(
                num: num, link: text(row, "link"), news: text(row, "news"),
                safeTitle: text(row, "safe_title"), transcript: text(row, "transcript"),
                alt: text(row, "alt"), img: text(row, "img"), title: text(row, "title"),
                year: year, month: month, day: day)
        }
        return ComicArchive(bodies: bodies)
    }

    /// Finds `<package root>/Fixtures` by walking up from a source file of the package
    /// (the caller's, by default) to the directory holding Package.swift; falls back to
    /// `./Fixtures` in the current directory.
    package static func locateFixtures(from file: StaticString = #filePath) -> URL {
        let fileManager = FileManager.default
        let path = file.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            let fixtures = directory.appendingPathComponent("Fixtures", isDirectory: true)
            if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                fileManager.fileExists(atPath: fixtures.path)
            {
                return fixtures
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: fileManager.currentDirectoryPath)
            .appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// Comics 1…`count` (no #404, as on the live site) titled "Comic N" unless `titles` names
    /// them, for tests that need a whole archive rather than real text.
    package static func synthetic(count: Int, titles: [Int: String] = [:]) -> ComicArchive {
        var bodies: [Int: Data] = [:]
        for num in 1...count where num != 404 {
            bodies[num] = body(
                num: num, title: titles[num] ?? "Comic \(num)", alt: "alt \(num)",
                year: 2010, month: 1, day: 1 + num % 28)
        }
        return ComicArchive(bodies: bodies)
    }

    /// A live-API JSON body for a comic that is not in the data set, e.g. to `publish` one.
    /// `safeTitle` defaults to `title`; the date is the comic's publication day.
    package static func body(
        num: Int, title: String, safeTitle: String? = nil, alt: String = "",
        transcript: String = "", img: String? = nil, link: String = "", news: String = "",
        year: Int, month: Int, day: Int
    ) -> Data {
        LiveAPIJSON.body(
            num: num, link: link, news: news, safeTitle: safeTitle ?? title,
            transcript: transcript, alt: alt,
            img: img ?? "https://imgs.xkcd.com/comics/comic_\(num).png", title: title,
            year: year, month: month, day: day)
    }

    /// A copy holding only the comics whose numbers satisfy `isIncluded`.
    package func filter(_ isIncluded: (Int) -> Bool) -> ComicArchive {
        ComicArchive(bodies: bodies.filter { isIncluded($0.key) })
    }

    private static func text(_ row: SQLiteRow, _ column: String) -> String {
        (row[column] as SQLiteValue).text ?? ""
    }
}
