import Foundation

extension ComicArchive {
    /// Writes the archive as a static site under `root`, shaped like xkcd.com's API:
    /// `N/info.0.json` for each comic and `info.0.json` for the newest. With `images` (the
    /// address `root` is served at), each comic's `img` names `comics/N.png` under it instead,
    /// and that PNG is written too.
    package func writeSite(to root: URL, images: URL? = nil) throws {
        let files = FileManager.default
        let newest = newest
        for (num, body) in bodies {
            var data = body
            if let images {
                let path = "comics/\(num).png"
                var fields = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
                fields["img"] = images.appendingPathComponent(path).absoluteString
                data = try JSONSerialization.data(withJSONObject: fields)
                let image = root.appendingPathComponent(path)
                try files.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
                try SyntheticPNG.make(seed: UInt32(num)).write(to: image)
            }
            let directory = root.appendingPathComponent("\(num)")
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: directory.appendingPathComponent("info.0.json"))
            if num == newest { try data.write(to: root.appendingPathComponent("info.0.json")) }
        }
    }
}
