import Foundation

/// explainxkcd's real pages and xkcd's real comic images, as `../shared/real-data` beside the
/// checkout holds them (its README says what they are). They are read from there, never copied
/// into the repository; whatever is missing is an error that names it and where it was looked
/// for, so the tests that need it fail rather than pass on nothing.
package struct RealData: Sendable {
    /// One explainxkcd page: comic `num`'s MediaWiki source, as the wiki's parse API gives it.
    package struct Page: Sendable {
        package var num: Int
        package var wikitext: String
    }

    /// One comic image file and the comic it belongs to.
    package struct Image: Sendable {
        /// The comic's number.
        package var num: Int
        /// The file's name on imgs.xkcd.com, as the API's `img` ends.
        package var name: String
        /// The file here.
        package var file: URL
        /// Its size, as the manifest gives it.
        package var bytes: Int
    }

    /// What could not be read, and where it was looked for.
    package struct LoadError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The directory the data is read from.
    package let directory: URL

    /// The pages' file: one JSON object a line, compressed with xz.
    package var pagesFile: URL { directory.appendingPathComponent("explainxkcd-pages.jsonl.xz") }
    /// The images' folder.
    package var comicsDirectory: URL { directory.appendingPathComponent("comics", isDirectory: true) }

    /// The data in `directory`, by default `../shared/real-data` beside the package root.
    /// Throws when there is no such directory.
    package init(directory: URL = RealData.locate()) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw LoadError(
                description: "no real-data directory at \(directory.path): the real pages and images are read from "
                    + "../shared/real-data beside the checkout")
        }
        self.directory = directory
    }

    /// `<package root>/../shared/real-data`, the package root found as the fixtures are
    /// (``ComicArchive/locateFixtures(from:)``), from the caller's source file by default.
    package static func locate(from file: StaticString = #filePath) -> URL {
        ComicArchive.locateFixtures(from: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/real-data", isDirectory: true).standardizedFileURL
    }

    /// Every page, in number order, decompressed by `xz -dc`.
    package func pages() throws -> [Page] {
        guard FileManager.default.isReadableFile(atPath: pagesFile.path) else {
            throw LoadError(description: "no readable explainxkcd pages at \(pagesFile.path)")
        }
        let run: ChildProcess.Result
        do {
            run = try ChildProcess.run("xz", ["-dc", pagesFile.path])
        } catch {
            throw LoadError(description: "cannot run xz to read \(pagesFile.path): \(error)")
        }
        guard run.status == 0 else {
            let reason = run.status == 127 ? "xz is not installed (Debian's xz-utils)" : run.stderr
            throw LoadError(description: "xz -dc \(pagesFile.path) failed: \(reason)")
        }
        var pages: [Page] = []
        for (index, line) in run.stdout.split(separator: "\n").enumerated() {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let num = object?["num"] as? Int, let wikitext = object?["wikitext"] as? String else {
                throw LoadError(
                    description: "line \(index + 1) of \(pagesFile.path) is not {\"num\": N, \"wikitext\": …}")
            }
            pages.append(Page(num: num, wikitext: wikitext))
        }
        if pages.isEmpty { throw LoadError(description: "no pages in \(pagesFile.path)") }
        return pages.sorted { $0.num < $1.num }
    }

    /// Every image that `comics/manifest.tsv` lists, in its order; throws when a listed file
    /// is missing.
    package func images() throws -> [Image] {
        let manifest = comicsDirectory.appendingPathComponent("manifest.tsv")
        let text: String
        do {
            text = try String(contentsOf: manifest, encoding: .utf8)
        } catch {
            throw LoadError(description: "no readable image manifest at \(manifest.path)")
        }
        var images: [Image] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let num = Int(fields[0]), let bytes = Int(fields[3]) else {
                throw LoadError(description: "\(manifest.path) has a line that is not num, name, file, bytes: \(line)")
            }
            let file = comicsDirectory.appendingPathComponent(fields[2])
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw LoadError(description: "\(manifest.path) lists \(fields[2]), which is not at \(file.path)")
            }
            images.append(Image(num: num, name: fields[1], file: file, bytes: bytes))
        }
        if images.isEmpty { throw LoadError(description: "\(manifest.path) lists no images") }
        return images
    }
}
