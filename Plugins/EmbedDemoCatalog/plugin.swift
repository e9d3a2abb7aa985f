import Foundation
import PackagePlugin

/// Compiles the demo catalogs (`Fixtures/Demo.storekit`, and `Fixtures/Demo-JP.storekit` priced
/// in yen) into the target that uses them, so the storeterm binary carries them and works from
/// any directory, even when copied elsewhere.
@main
struct EmbedDemoCatalog: BuildToolPlugin {
  /// Each fixture and the name of the Swift constant that holds its text.
  static let catalogs = [
    ("Demo.storekit", "embeddedDemoCatalog"), ("Demo-JP.storekit", "embeddedDemoJPCatalog"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    try Self.catalogs.map { file, name in
      let input = context.package.directoryURL.appending(path: "Fixtures/\(file)")
      let output = context.pluginWorkDirectoryURL.appending(path: "Embedded_\(name).swift")
      return .buildCommand(
        displayName: "Embedding Fixtures/\(file)",
        executable: try context.tool(named: "EmbedFile").url,
        arguments: [input.path, output.path, name],
        inputFiles: [input],
        outputFiles: [output])
    }
  }
}
