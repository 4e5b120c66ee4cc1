import Foundation
@testable import XKCDKit

/// The documented shapes of the JSON output (docs/JSON.md), and a check of a document
/// against one: key order, optional keys, types.
indirect enum JSONShape: Equatable {
    case int, number, string, bool, null
    case array(JSONShape)
    case object([(key: String, optional: Bool, shape: JSONShape)])
    case either([JSONShape])
    case named(String)

    static func == (lhs: JSONShape, rhs: JSONShape) -> Bool { "\(lhs)" == "\(rhs)" }

    /// Every `name = shape` line inside the ```shape blocks of `markdown`.
    static func definitions(in markdown: String) throws -> [String: JSONShape] {
        var shapes: [String: JSONShape] = [:]
        var inBlock = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```shape"
                continue
            }
            guard inBlock, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var parser = Parser(text: Array(line[line.index(after: equals)...].utf8))
            shapes[name] = try parser.shape()
        }
        return shapes
    }

    /// What is wrong with `value` as this shape (empty when it fits), resolving names in `shapes`.
    func problems(_ value: JSONValue, shapes: [String: JSONShape], at path: String = "$") -> [String] {
        switch (self, value) {
        case (.int, .number(let text)): return Int(text) != nil ? [] : ["\(path): \(text) is not an integer"]
        case (.number, .number), (.string, .string), (.bool, .bool), (.null, .null): return []
        case let (.array(element), .array(items)):
            return items.enumerated().flatMap { element.problems($1, shapes: shapes, at: "\(path)[\($0)]") }
        case let (.either(options), _):
            let attempts = options.map { $0.problems(value, shapes: shapes, at: path) }
            return attempts.contains { $0.isEmpty } ? [] : attempts.flatMap { $0 }
        case let (.named(name), _):
            guard let shape = shapes[name] else { return ["\(path): no shape named \(name)"] }
            return shape.problems(value, shapes: shapes, at: path)
        case let (.object(fields), .object(members)):
            var problems: [String] = []
            var index = 0
            for field in fields {
                guard index < members.count, members[index].0 == field.key else {
                    if !field.optional {
                        problems.append("\(path): expected key \"\(field.key)\" at position \(index)")
                    }
                    continue
                }
                problems += field.shape.problems(members[index].1, shapes: shapes, at: "\(path).\(field.key)")
                index += 1
            }
            if index < members.count { problems.append("\(path): undocumented key \"\(members[index].0)\"") }
            return problems
        default:
            return ["\(path): \(value) is not \(self)"]
        }
    }

    private struct Parser {
        let text: [UInt8]
        var index = 0

        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        mutating func shape() throws -> JSONShape {
            var options = [try single()]
            while skip("|") { options.append(try single()) }
            return options.count == 1 ? options[0] : .either(options)
        }

        private mutating func single() throws -> JSONShape {
            spaces()
            if skip("[") {
                let element = try shape()
                guard skip("]") else { throw Failure(description: "missing ] at \(index)") }
                return .array(element)
            }
            if skip("{") {
                var fields: [(key: String, optional: Bool, shape: JSONShape)] = []
                while !skip("}") {
                    guard skip("\"") else { throw Failure(description: "expected a key at \(index)") }
                    let start = index
                    while index < text.count, text[index] != UInt8(ascii: "\"") { index += 1 }
                    let key = String(decoding: text[start..<index], as: UTF8.self)
                    index += 1
                    let optional = skip("?")
                    guard skip(":") else { throw Failure(description: "expected : at \(index)") }
                    fields.append((key, optional, try shape()))
                    _ = skip(",")
                }
                return .object(fields)
            }
            let start = index
            while index < text.count, text[index] == UInt8(ascii: "_") || (0x61...0x7A).contains(text[index]) {
                index += 1
            }
            let word = String(decoding: text[start..<index], as: UTF8.self)
            switch word {
            case "int": return .int
            case "number": return .number
            case "string": return .string
            case "bool": return .bool
            case "null": return .null
            case "": throw Failure(description: "expected a type at \(index)")
            default: return .named(word)
            }
        }

        private mutating func spaces() {
            while index < text.count, text[index] == UInt8(ascii: " ") { index += 1 }
        }

        private mutating func skip(_ character: Unicode.Scalar) -> Bool {
            spaces()
            guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
    }
}
