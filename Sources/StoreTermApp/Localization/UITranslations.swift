import Foundation

/// The bundled `Localizable.strings` tables, read once: language code → English key → text.
///
/// The resource folder is looked for beside the executable only (SwiftPM's generated accessor
/// stops the program when it is missing); without it the UI speaks English alone.
enum UITranslations {
  /// Every `<language>.lproj/Localizable.strings` of the resource bundle.
  static let tables: [String: [String: String]] = {
    guard let bundle = resourceBundle() else { return [:] }
    var tables: [String: [String: String]] = [:]
    for language in bundle.localizations where language != "Base" {
      guard
        let path = bundle.path(
          forResource: "Localizable", ofType: "strings", inDirectory: nil,
          forLocalization: language),
        let data = FileManager.default.contents(atPath: path),
        let table = try? PropertyListSerialization.propertyList(from: data, format: nil)
          as? [String: String]
      else { continue }
      tables[language] = table
    }
    return tables
  }()

  /// The name SwiftPM gives StoreTermApp's resource bundle.
  static let bundleName = "StoreTerm_StoreTermApp.resources"

  /// The resource bundle beside the running executable (or its symlink's target), if present.
  static func resourceBundle() -> Bundle? {
    var folders = [Bundle.main.bundleURL]
    if let executable = try? FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/self/exe")
    {
      folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for folder in folders {
      let path = folder.appendingPathComponent(bundleName).path
      if FileManager.default.fileExists(atPath: path), let bundle = Bundle(path: path) {
        return bundle
      }
    }
    return nil
  }
}
