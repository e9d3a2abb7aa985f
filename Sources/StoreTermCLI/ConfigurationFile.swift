import Foundation
import StoreCore

/// Reads `.storekit` files from disk, or the demo catalog bundled with storeterm.
enum ConfigurationFile {
  /// Files larger than this are refused before reading: no real configuration comes close.
  static let maximumSize = 32 * 1024 * 1024

  /// The name the bundled catalog goes by in messages.
  static let bundledName = "Demo.storekit"

  /// The catalogs compiled in from `Fixtures/` by the EmbedDemoCatalog build plugin, by the
  /// name `--config` takes: the demo priced in dollars, and the same demo priced in yen for Japan.
  static let bundled: [(name: String, file: String, text: String)] = [
    ("demo", bundledName, embeddedDemoCatalog),
    ("demo-jp", "Demo-JP.storekit", embeddedDemoJPCatalog),
  ]

  /// Loads the file at `path`, a bundled catalog by name, or the bundled demo when `path` is nil.
  ///
  /// A bundled name (`demo`, `demo-jp`) wins over a file of that name (write `./demo-jp`).
  static func load(path: String?) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    switch path ?? "demo" {
    case "demo": return try decodedDemo.get()
    case "demo-jp": return try decodedDemoJP.get()
    case let name: return try load(url: URL(fileURLWithPath: name), name: name)
    }
  }

  /// Each bundled catalog decoded once per process, when first asked for: they are compiled in,
  /// so every command of a process (the tests run thousands) reads the same text, and a command
  /// given a file decodes neither (both together were a tenth of a command's start).
  private static let decodedDemo = decodeBundled(0)
  private static let decodedDemoJP = decodeBundled(1)

  private static func decodeBundled(_ index: Int)
    -> Result<StoreKitConfiguration, StoreKitConfigurationError>
  {
    let catalog = bundled[index]
    return Result { () throws(StoreKitConfigurationError) in
      try StoreKitConfigurationDecoder.decode(catalog.text.utf8, file: catalog.file)
    }
  }

  private static func load(url: URL, name: String) throws(StoreKitConfigurationError)
    -> StoreKitConfiguration
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw StoreKitConfigurationError(file: name, message: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw StoreKitConfigurationError(file: name, message: "is a directory, not a .storekit file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    guard size <= maximumSize else {
      throw StoreKitConfigurationError(
        file: name, message: "is \(size / 1_048_576) MB, too large for a .storekit file")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw StoreKitConfigurationError(
        file: name, message: "cannot be read (permission denied or I/O error)")
    }
    return try StoreKitConfigurationDecoder.decode(data, file: name)
  }
}
