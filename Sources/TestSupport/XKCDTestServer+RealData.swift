import Foundation

extension XKCDTestServer {
    /// Serves each of `pages` whose comic the archive holds as its explainxkcd page, titled
    /// `N: Title` from the comic's display title, as the wiki names its pages; pages of comics
    /// it lacks are left out. Returns the comics whose pages are served, in number order.
    @discardableResult
    package func serveRealPages(_ pages: [RealData.Page]) -> [Int] {
        let archive = archive
        var served: [Int] = []
        for page in pages {
            guard let body = archive.bodies[page.num] else { continue }
            let title = ExplainComicFields(num: page.num, json: body).title
            setExplanation(num: page.num, title: title, wikitext: page.wikitext)
            served.append(page.num)
        }
        return served.sorted()
    }

    /// Serves each of `images` whose comic the archive holds, and whose `img` is on
    /// imgs.xkcd.com, as that comic's image file: its bytes at the path the comic's served `img`
    /// names, and 404 for its `_2x` name, so that a client asking for that first gets the real
    /// file. Returns the comics whose images are served, in number order.
    @discardableResult
    package func serveRealImages(_ images: [RealData.Image]) throws -> [Int] {
        let archive = archive
        let host = "https://imgs.xkcd.com/"
        var served: [Int] = []
        for image in images {
            guard let body = archive.bodies[image.num] else { continue }
            let img = ExplainComicFields(num: image.num, json: body).img
            guard img.hasPrefix(host), !img.hasSuffix("/") else { continue }
            let path = "/imgs/" + img.dropFirst(host.count)
            setImage(try Data(contentsOf: image.file), at: path)
            if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
                setFault(.status(404), for: path[..<dot] + "_2x" + path[dot...])
            }
            served.append(image.num)
        }
        return served.sorted()
    }
}
