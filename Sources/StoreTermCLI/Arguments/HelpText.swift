/// The `--help` pages, generated from the declared commands and options.
enum HelpText {
  /// The one-line usage shown with every usage error.
  static let usageLine = "usage: storeterm [<command>] [options]   (storeterm --help lists them)"

  /// The overview: what storeterm is, its commands and the global options.
  static func overview(_ parser: ArgumentParser) -> String {
    var lines = [
      "storeterm: StoreKit 2 in a terminal, the App Store simulated on Linux.",
      "",
      "usage: storeterm [<command>] [options]",
      "",
      "Commands:",
    ]
    let width = (parser.commands.map(\.name.count).max() ?? 0) + 2
    for command in parser.commands {
      lines.append("  " + pad(command.name, width) + command.abstract)
    }
    lines.append("  (no command runs '\(parser.defaultCommand.name)')")
    lines.append("")
    lines.append("Global options (before or after the command):")
    lines += optionLines(parser.globalOptions)
    lines.append("")
    lines.append("Exit status: 0 success, 1 failure, 64 usage error.")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The page of one command.
  static func command(_ command: CommandSpec, parser: ArgumentParser) -> String {
    let arguments = command.arguments.isEmpty ? "" : " " + command.arguments.joined(separator: " ")
    var lines = [
      "storeterm \(command.name): \(command.abstract)",
      "",
      "usage: storeterm \(command.name)\(arguments) [options]",
    ]
    if !command.options.isEmpty {
      lines.append("")
      lines.append("Options:")
      lines += optionLines(command.options)
    }
    if !command.examples.isEmpty {
      lines.append("")
      lines.append(command.examples.count == 1 ? "Example:" : "Examples:")
      lines += command.examples.map { "  " + $0 }
    }
    lines.append("")
    lines.append("Global options:")
    lines += optionLines(parser.globalOptions)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func optionLines(_ options: [OptionSpec]) -> [String] {
    let width = (options.map(\.synopsis.count).max() ?? 0) + 2
    return options.map { "  " + pad($0.synopsis, width) + $0.help }
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
