import Foundation
import PackagePlugin

/// Compiles `Fixtures/Demo.storekit` into the target that uses it, so the storeterm binary carries
/// its demo catalog and works from any directory, even when copied elsewhere.
@main
struct EmbedDemoCatalog: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "Fixtures/Demo.storekit")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDemoCatalog.swift")
    return [
      .buildCommand(
        displayName: "Embedding Fixtures/Demo.storekit",
        executable: try context.tool(named: "EmbedFile").url,
        arguments: [input.path, output.path, "embeddedDemoCatalog"],
        inputFiles: [input],
        outputFiles: [output])
    ]
  }
}
