import Foundation
import StoreCore

/// Reads `.storekit` files from disk, or the demo catalog bundled with storeterm.
enum ConfigurationFile {
  /// Files larger than this are refused before reading: no real configuration comes close.
  static let maximumSize = 32 * 1024 * 1024

  /// The name the bundled catalog goes by in messages.
  static let bundledName = "Demo.storekit"

  /// Loads the file at `path`, or the bundled demo when `path` is nil.
  static func load(path: String?) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    guard let path else {
      // Compiled in from Fixtures/Demo.storekit by the EmbedDemoCatalog build plugin.
      return try StoreKitConfigurationDecoder.decode(embeddedDemoCatalog.utf8, file: bundledName)
    }
    return try load(url: URL(fileURLWithPath: path), name: path)
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
