import Foundation

/// Paths tests need, found from this source file so tests run from any working directory.
public enum TestPaths {
  /// The package root (the folder holding `Package.swift`).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `Fixtures/` folder of the package.
  public static let fixtures = packageRoot.appending(path: "Fixtures")

  /// The bundled demo catalog, `Fixtures/Demo.storekit`.
  public static let demoCatalog = fixtures.appending(path: "Demo.storekit")
  /// The bundled demo catalog priced in yen, `Fixtures/Demo-JP.storekit` (`--config demo-jp`).
  public static let demoJPCatalog = fixtures.appending(path: "Demo-JP.storekit")

  /// The real `.storekit` files from public projects (`Tests/Fixtures/storekit-real`, with
  /// their sources and licences in `SOURCES.md` there).
  public static let realCatalogs = packageRoot.appending(path: "Tests/Fixtures/storekit-real")

  /// A state folder private to this test process (`XDG_STATE_HOME` for in-process CLI runs).
  public static let processStateDirectory: URL = try! temporaryDirectory()

  /// A new empty temporary directory, unique to the caller.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-tests-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
