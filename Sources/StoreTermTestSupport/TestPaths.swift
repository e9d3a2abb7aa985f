import Foundation
import Synchronization

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

  /// A new empty temporary directory, unique to the caller, inside this process's folder.
  public static func temporaryDirectory() throws -> URL {
    // Short names: some tests put Unix sockets in these folders, and a socket's path is
    // limited to 107 bytes.
    let url = processRoot.appending(path: String(made.add(1, ordering: .relaxed).newValue))
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// One folder per test process holding every temporary directory it makes, removed when the
  /// process exits, so a run of the suite leaves nothing behind in the system's temporary folder.
  private static let processRoot: URL = {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-tests-\(ProcessInfo.processInfo.globallyUniqueString)")
    removedAtExit = url.path
    atexit {
      if let path = TestPaths.removedAtExit { try? FileManager.default.removeItem(atPath: path) }
    }
    return url
  }()

  /// How many temporary directories this process has made.
  private static let made = Atomic<Int>(0)

  /// The folder `processRoot` names, read by the exit handler (which cannot capture it).
  nonisolated(unsafe) private static var removedAtExit: String?
}
