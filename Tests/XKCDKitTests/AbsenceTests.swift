import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// A 404 is believed for an hour, then asked again; `sync` asks again at once; #404 never.
@Suite struct AbsenceTests {
    private static let archive = ComicArchive.synthetic(count: 12)

    // A server with every comic of `archive` but #7, until `serveSeven()`.
    private let harness: SessionHarness

    init() throws {
        harness = try SessionHarness(archive: Self.archive.filter { $0 != 7 })
    }

    private func serveSeven() throws {
        harness.transport.serve(7, body: try #require(Self.archive.bodies[7]))
    }

    private func asksForSeven() -> Int {
        harness.transport.requests.filter { $0 == "/7/info.0.json" }.count
    }

    private func num(_ session: Session, _ command: Command) async throws -> Int? {
        shownNumber(try await session.run(command))
    }

    @Test func aMissingComicIsBelievedForAnHourThenAskedAgain() async throws {
        let session = harness.session()
        _ = try await session.run(.goto(.number(12)))
        await #expect(throws: XKCDError.noSuchComic(7, newest: 12)) { try await session.run(.goto(.number(7))) }
        #expect(asksForSeven() == 1)
        try serveSeven()
        harness.clock.advance(by: ComicSource.absenceMaxAge - 1)
        await #expect(throws: XKCDError.noSuchComic(7, newest: 12)) { try await session.run(.goto(.number(7))) }
        #expect(asksForSeven() == 1, "within the hour the 404 is believed")
        harness.clock.advance(by: 1)
        #expect(try await num(session, .goto(.number(7))) == 7)
        #expect(asksForSeven() == 2)
        #expect(try harness.store.comic(7)?.num == 7)
        #expect(try harness.store.absenceCheckedAt(7) == nil)
    }

    @Test func anotherMissAfterTheHourIsBelievedForAnotherHour() async throws {
        let session = harness.session()
        _ = try await session.run(.goto(.number(12)))
        _ = try? await session.run(.goto(.number(7)))
        harness.clock.advance(by: ComicSource.absenceMaxAge + 5)
        await #expect(throws: XKCDError.noSuchComic(7, newest: 12)) { try await session.run(.goto(.number(7))) }
        #expect(asksForSeven() == 2)
        #expect(try harness.store.absenceCheckedAt(7) == harness.clock.now)
        harness.clock.advance(by: ComicSource.absenceMaxAge - 1)
        _ = try? await session.run(.goto(.number(7)))
        #expect(asksForSeven() == 2)
    }

    @Test func number404IsNeverAskedWhateverTheClock() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 406))
        let session = harness.session()
        _ = try await session.run(.goto(.number(403)))
        harness.clock.advance(by: 365 * 86_400)
        await #expect(throws: XKCDError.noSuchComic(404, newest: 406)) { try await session.run(.goto(.number(404))) }
        #expect(try await num(session, .next(1)) == 405)
        #expect(!harness.transport.requests.contains("/404/info.0.json"))
    }

    @Test func steppingSkipsOnlyAbsencesOfTheLastHour() async throws {
        let session = harness.session()
        _ = try await session.run(.goto(.number(6)))
        #expect(try await num(session, .next(1)) == 8)
        try serveSeven()
        #expect(try await num(session, .previous(1)) == 6)
        #expect(asksForSeven() == 1)
        harness.clock.advance(by: ComicSource.absenceMaxAge)
        #expect(try await num(session, .next(1)) == 7)
        #expect(try harness.source().absentNumbers() == [404])
    }

    @Test func unreadCountsAStaleAbsenceAsAComic() async throws {
        let session = harness.session()
        _ = try await session.run(.goto(.number(12)))
        _ = try? await session.run(.goto(.number(7)))
        let freshOutcome = try await session.run(.unread)
        guard case let .unread(fresh) = freshOutcome else {
            Issue.record("no unread summary: \(freshOutcome)")
            return
        }
        #expect(fresh.total == 11)
        harness.clock.advance(by: ComicSource.absenceMaxAge)
        let staleOutcome = try await session.run(.unread)
        guard case let .unread(stale) = staleOutcome else {
            Issue.record("no unread summary: \(staleOutcome)")
            return
        }
        #expect(stale.total == 12)
    }

    @Test func syncAsksEveryAbsenceAgainAtOnceButNever404() async throws {
        var archive = ComicArchive.synthetic(count: 406)
        archive.bodies[7] = nil
        let harness = try SessionHarness(archive: archive)
        let session = harness.session()
        let firstOutcome = try await session.run(.sync(images: false, explanations: false, jobs: 4))
        guard case let .synced(first) = firstOutcome else {
            Issue.record("not a sync summary: \(firstOutcome)")
            return
        }
        #expect(first.missing == [7])
        let firstSync = harness.clock.now
        #expect(try harness.store.absenceCheckedAt(7) == firstSync)

        harness.clock.advance(by: 60)
        let before = harness.transport.requests.count
        let secondOutcome = try await session.run(.sync(images: false, explanations: false, jobs: 4))
        guard case let .synced(second) = secondOutcome else {
            Issue.record("not a sync summary: \(secondOutcome)")
            return
        }
        #expect(second.missing == [7])
        #expect(Array(harness.transport.requests[before...]) == ["/info.0.json", "/7/info.0.json"])
        #expect(try harness.store.absenceCheckedAt(7) == harness.clock.now, "a new 404 moves the absence's time")

        harness.transport.serve(7, body: try #require(ComicArchive.synthetic(count: 7).bodies[7]))
        let thirdOutcome = try await session.run(.sync(images: false, explanations: false, jobs: 4))
        guard case let .synced(third) = thirdOutcome else {
            Issue.record("not a sync summary: \(thirdOutcome)")
            return
        }
        #expect(third.fetched == 1 && third.missing.isEmpty)
        #expect(try harness.store.comic(7)?.num == 7)
        #expect(try harness.store.absenceCheckedAt(7) == nil)
        #expect(!harness.transport.requests.contains("/404/info.0.json"))
    }

    @Test func offlineEveryRecordedAbsenceStillCounts() async throws {
        let session = harness.session()
        _ = try await session.run(.goto(.number(12)))
        _ = try? await session.run(.goto(.number(7)))
        harness.clock.advance(by: 2 * ComicSource.absenceMaxAge)
        let clock = harness.clock
        let offline = ComicSource(
            store: harness.store,
            client: XKCDClient(
                baseURL: ScriptedTransport.base, explainURL: ScriptedTransport.base, transport: harness.transport),
            images: ImageFiles(directory: URL(fileURLWithPath: "/nonexistent/images")), offline: true,
            now: { clock.now })
        #expect(try offline.isKnownAbsent(7))
        #expect(try offline.absentNumbers() == [7, 404])
        await #expect(throws: XKCDError.noSuchComic(7, newest: 12)) { try await offline.comic(7) }
        #expect(asksForSeven() == 1)
    }

    @Test func anAbsenceIsTrustedFromItsAnswerForAnHour() {
        let checked = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(ComicSource.trusts(absenceCheckedAt: checked, now: checked))
        #expect(ComicSource.trusts(absenceCheckedAt: checked, now: checked + 3599))
        #expect(!ComicSource.trusts(absenceCheckedAt: checked, now: checked + 3600))
        #expect(!ComicSource.trusts(absenceCheckedAt: checked, now: checked - 1), "a clock set back asks again")
    }
}
