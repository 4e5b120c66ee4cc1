import Testing

@testable import XKCDKit

/// An environment read one variable at a time, or handed whole to what keeps it.
@Suite struct EnvironmentTests {
    @Test func givenVariablesReadOneAtATimeAndWhole() {
        let environment = Environment(["TERM": "xterm-kitty", "COLUMNS": "100"])
        #expect(environment["TERM"] == "xterm-kitty" && environment["LINES"] == nil)
        #expect(environment.all == ["TERM": "xterm-kitty", "COLUMNS": "100"])
    }

    @Test func theProcessEnvironmentWholeHoldsWhatItsLookupsRead() throws {
        let path = try #require(Environment.process["PATH"])
        #expect(Environment.process.all["PATH"] == path)
        #expect(Environment.process.all["XKCD_NO_SUCH_VARIABLE"] == nil)
    }
}
