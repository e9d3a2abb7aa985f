import Foundation
import StoreTermTestSupport
import Testing

/// The repository carries everything its tests read: a fresh clone with nothing beside it passes.
@Suite struct SelfContainedTests {
  /// The folder beside the repository that earlier tests read (spelled in two parts so this file
  /// does not match itself).
  static let outsideFolder = ".." + "/shared"

  /// Every Swift, shell and Python file under `Tests/`, `Sources/`, `Scripts/` and `.ci/`.
  static func projectSources() throws -> [URL] {
    let folders = ["Tests", "Sources", "Scripts", ".ci"].map {
      TestPaths.packageRoot.appending(path: $0)
    }
    var files: [URL] = []
    for folder in folders {
      guard
        let walker = FileManager.default.enumerator(
          at: folder, includingPropertiesForKeys: [.isRegularFileKey])
      else {
        Issue.record("cannot list \(folder.path)")
        continue
      }
      for case let url as URL in walker
      where ["swift", "py", "sh", ""].contains(url.pathExtension) {
        if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
          files.append(url)
        }
      }
    }
    return files
  }

  @Test func noSourceReadsTheFolderBesideTheRepository() throws {
    let files = try Self.projectSources()
    #expect(files.count > 100)
    let offenders = try files.filter {
      try String(contentsOf: $0, encoding: .utf8).contains(Self.outsideFolder)
    }
    #expect(offenders.map(\.path) == [])
  }

  @Test func theRealCatalogsAndTheirSourcesAreInTheRepository() throws {
    let folder = TestPaths.realCatalogs
    #expect(folder.path.hasPrefix(TestPaths.packageRoot.path))
    let catalogs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".storekit") }.sorted()
    #expect(catalogs.count == 12)
    let sources = try String(
      contentsOf: folder.appending(path: "SOURCES.md"), encoding: .utf8)
    for catalog in catalogs {
      #expect(sources.contains("`\(catalog)`"), "SOURCES.md does not name \(catalog)")
    }
  }
}
