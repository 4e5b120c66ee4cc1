import Foundation
import Testing

@testable import XKCDKit

/// Where images cannot be stored, the error says what stands in the way.
struct ImageFilesTests {
    @Test func aFileOrABrokenLinkWhereTheFolderShouldBeIsNamed() throws {
        let directory = try temporaryDirectory("image-files")
        defer { try? FileManager.default.removeItem(at: directory) }
        let images = directory.appendingPathComponent("images")
        let advice = " — move it away or choose another data directory with --data-dir"
        try Data("not a folder".utf8).write(to: images)
        #expect(
            throws: XKCDError.storage("cannot store images in \(images.path): it is a file, not a directory" + advice)
        ) { try ImageFiles(directory: images).write(Data([1]), as: "1.png") }
        try FileManager.default.removeItem(at: images)
        try FileManager.default.createSymbolicLink(atPath: images.path, withDestinationPath: "/nonexistent/images")
        #expect(
            throws: XKCDError.storage(
                "cannot store images in \(images.path): it is a link to /nonexistent/images, which does not exist"
                    + advice)
        ) { try ImageFiles(directory: images).write(Data([1]), as: "1.png") }
    }
}
