import Foundation
import TestSupport
import Testing

@testable import XKCDKit

@Suite struct ComicPayloadTests {
    @Test func decodesTheLiveAPIShape() throws {
        let body =
            #"{"month": "12", "num": 353, "link": "", "year": "2007", "news": "", "safe_title": "Python", "transcript": "", "alt": "alt", "img": "https://imgs.xkcd.com/comics/python.png", "title": "Python", "day": "5"}"#
        let comic = try ComicPayload.decode(Data(body.utf8), expected: 353)
        #expect(comic.num == 353)
        #expect(comic.isoDate == "2007-12-05")
        #expect(comic.extraParts == false && !comic.isInteractive && comic.hasImage)
    }

    @Test func extraPartsMakeAComicInteractiveAndKeepItsStill() throws {
        let samples = ComicArchive.locateFixtures().appendingPathComponent("live")
        let gravity = try ComicPayload.decode(
            Data(contentsOf: samples.appendingPathComponent("2712.json")), expected: 2712)
        #expect(gravity.extraParts == true && gravity.isInteractive && gravity.hasImage)
        #expect(DisplayComic(gravity).imageURL == "https://imgs.xkcd.com/comics/gravity.png")
        let null =
            #"{"num": 9, "year": "2007", "month": "1", "day": "1", "title": "t", "img": "x.png", "extra_parts": null}"#
        #expect(try ComicPayload.decode(Data(null.utf8), expected: 9).isInteractive == false)
        let folder =
            #"{"num": 9, "year": "2007", "month": "1", "day": "1", "title": "t", "img": "https://xkcd.com/1608/"}"#
        let page = try ComicPayload.decode(Data(folder.utf8), expected: 9)
        #expect(page.isInteractive && !page.hasImage && DisplayComic(page).imageURL.isEmpty)
    }

    @Test func rejectsWrongShapes() {
        let cases = [
            "<html>not json</html>",
            "[1,2,3]",
            #"{"num": "abc", "year": "2007", "month": "1", "day": "1", "title": "t"}"#,
            #"{"num": 353, "year": "2007", "month": "13", "day": "1", "title": "t"}"#,
            #"{"num": 353, "year": "2007", "month": "1", "day": "1"}"#,
            #"{"num": 354, "year": "2007", "month": "1", "day": "1", "title": "t"}"#,
            #"{"num": 1e300, "year": "2007", "month": "1", "day": "1", "title": "t"}"#,
        ]
        for body in cases {
            #expect(throws: XKCDError.self) { try ComicPayload.decode(Data(body.utf8), expected: 353) }
        }
    }
}
