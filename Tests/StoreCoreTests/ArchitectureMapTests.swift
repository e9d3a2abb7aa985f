import Foundation
import StoreTermTestSupport
import Testing

/// `Docs/ARCHITECTURE.md` tells the truth: its module map is `Package.swift`'s targets and
/// dependencies, and every "behaviour → file: function" entry names a file that declares it.
@Suite struct ArchitectureMapTests {
  /// A target's name and the package targets it depends on.
  struct Target: Equatable, CustomStringConvertible {
    var name: String
    var dependencies: Set<String>
    var description: String { "\(name) → \(dependencies.sorted().joined(separator: ", "))" }
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: TestPaths.packageRoot.appending(path: path), encoding: .utf8)
  }

  /// The rows between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, split into cells, without
  /// the header and its rule.
  static func tableRows(_ name: String, in document: String) -> [[String]] {
    guard let start = document.range(of: "<!-- \(name):begin -->"),
      let end = document.range(
        of: "<!-- \(name):end -->", range: start.upperBound..<document.endIndex)
    else { return [] }
    let rows = document[start.upperBound..<end.lowerBound].split(separator: "\n")
      .filter { $0.hasPrefix("|") }
      .map { line in
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
          .map { $0.trimmingCharacters(in: .whitespaces) }
      }
    return Array(rows.dropFirst(2))
  }

  /// The names in backticks in `cell`, in order.
  static func quoted(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// Every non-test target of the manifest: `.target`, `.executableTarget`, `.systemLibrary`
  /// and `.plugin` calls, read by balancing parentheses.
  static func manifestTargets(_ manifest: String) -> [Target] {
    let kinds = [".target(", ".executableTarget(", ".systemLibrary(", ".plugin("]
    var targets: [Target] = []
    var index = manifest.startIndex
    while index < manifest.endIndex {
      guard
        let hit = kinds.compactMap({ manifest.range(of: $0, range: index..<manifest.endIndex) })
          .min(by: { $0.lowerBound < $1.lowerBound })
      else { break }
      var depth = 1
      var cursor = hit.upperBound
      while cursor < manifest.endIndex, depth > 0 {
        if manifest[cursor] == "(" { depth += 1 }
        if manifest[cursor] == ")" { depth -= 1 }
        cursor = manifest.index(after: cursor)
      }
      let call = manifest[hit.upperBound..<cursor]
      let strings = quotedStrings(call)
      var dependencies: Set<String> = []
      if let list = call.range(of: "dependencies: [") {
        let close = call[list.upperBound...].firstIndex(of: "]") ?? call.endIndex
        dependencies = Set(quotedStrings(call[list.upperBound..<close]))
      }
      if let name = strings.first { targets.append(Target(name: name, dependencies: dependencies)) }
      index = cursor
    }
    return targets
  }

  static func quotedStrings(_ text: Substring) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  @Test func moduleMapMatchesThePackageManifest() throws {
    let manifest = Self.manifestTargets(try Self.text("Package.swift"))
    let documented = Self.tableRows("module-map", in: try Self.text("Docs/ARCHITECTURE.md")).map {
      Target(name: Self.quoted($0[0]).first ?? "", dependencies: Set(Self.quoted($0[1])))
    }
    #expect(manifest.count >= 20, "the manifest reader found \(manifest.count) targets")
    let missing = manifest.filter { target in !documented.contains(target) }
    let extra = documented.filter { target in !manifest.contains(target) }
    #expect(missing.isEmpty, "Package.swift has, the map lacks or differs: \(missing)")
    #expect(extra.isEmpty, "the map has, Package.swift lacks or differs: \(extra)")
  }

  @Test func behaviourIndexNamesFunctionsThatExist() throws {
    let rows = Self.tableRows("behaviour-index", in: try Self.text("Docs/ARCHITECTURE.md"))
    #expect(rows.count >= 15)
    for row in rows {
      let names = Self.quoted(row[1])
      guard let path = names.first, names.count > 1 else {
        Issue.record("\(row[0]): no file and function")
        continue
      }
      let source = (try? Self.text(path)) ?? ""
      #expect(!source.isEmpty, "\(row[0]): \(path) is missing")
      for function in names.dropFirst() {
        #expect(
          source.contains("func \(function)(") || source.contains("func \(function)<"),
          "\(row[0]): \(path) declares no \(function)")
      }
    }
  }

  @Test func manifestReaderReadsNestedCalls() {
    let targets = Self.manifestTargets(
      """
      .target(name: "A", dependencies: ["B", "C"], resources: [.process("R")]),
      .systemLibrary(name: "B", providers: [.apt(["libb-dev"])]),
      .testTarget(name: "ATests", dependencies: ["A"]),
      """)
    #expect(
      targets == [
        Target(name: "A", dependencies: ["B", "C"]), Target(name: "B", dependencies: []),
      ])
  }
}
