import Testing

@testable import XKCDKit

@Suite struct InOrderReleaseTests {
    @Test func shuffledArrivalsComeOutInOrder() {
        var release = InOrderRelease<String>([1, 2, 3, 5, 8])
        var out: [String] = []
        for key in [3, 1, 8, 2, 5] {
            release.arrive(key, "#\(key)") { out.append($0) }
        }
        #expect(out == ["#1", "#2", "#3", "#5", "#8"])
        #expect(release.heldCount == 0)
    }

    @Test func aKeyWithNoValueStillLetsTheNextOnesGo() {
        var release = InOrderRelease<Int>([10, 11, 12])
        var out: [Int] = []
        release.arrive(12, 12) { out.append($0) }
        release.arrive(11, 11) { out.append($0) }
        #expect(out.isEmpty, "both wait for 10")
        #expect(release.heldCount == 2)
        release.arrive(10, nil) { out.append($0) }
        #expect(out == [11, 12])
    }

    @Test func drainingReleasesWhatWaitsForAKeyThatNeverCame() {
        var release = InOrderRelease<Int>([1, 2, 3, 4])
        var out: [Int] = []
        release.arrive(4, 4) { out.append($0) }
        release.arrive(3, nil) { out.append($0) }
        release.arrive(2, 2) { out.append($0) }
        release.drain { out.append($0) }
        #expect(out == [2, 4])
        #expect(release.heldCount == 0)
    }
}
