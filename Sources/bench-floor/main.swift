// The floor the start-up benchmark compares against: a Swift program that imports
// Foundation and prints one line.
import Foundation

print("xkcd benchmark floor \(ProcessInfo.processInfo.processIdentifier > 0)")
