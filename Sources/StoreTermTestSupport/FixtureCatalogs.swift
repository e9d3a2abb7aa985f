import Foundation
import StoreCore
import Testing

/// Catalogs the tests load from the repository's fixtures.
public enum FixtureCatalogs {
  /// The decoded `.storekit` file at `url`, or an empty catalog and a recorded failure.
  ///
  /// A missing, unreadable or invalid file is a test failure naming the path, never a crash.
  public static func configuration(at url: URL) -> StoreKitConfiguration {
    do {
      let data = try Data(contentsOf: url)
      return try StoreKitConfigurationDecoder.decode(data, file: url.lastPathComponent)
    } catch {
      Issue.record("cannot load the fixture catalog \(url.path): \(error)")
      return StoreKitConfiguration(version: .init(major: 4, minor: 0))
    }
  }

  /// The bundled demo catalog, `Fixtures/Demo.storekit`.
  public static var demo: StoreKitConfiguration { configuration(at: TestPaths.demoCatalog) }

  /// The bundled demo catalog priced in yen, `Fixtures/Demo-JP.storekit`.
  public static var demoJP: StoreKitConfiguration { configuration(at: TestPaths.demoJPCatalog) }
}
