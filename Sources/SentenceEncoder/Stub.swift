#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

package struct SentenceEncoder: Sendable {
    package init(contentsOf file: URL) throws { throw CocoaError(.fileReadCorruptFile) }
    package static let dimensions = 384
    package var identity: String { "stub" }
    package func embed(_ text: String) -> [Float] { [] }
    package func embed(_ texts: [String]) -> [[Float]] { [] }
}
