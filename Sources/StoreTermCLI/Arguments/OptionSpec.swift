/// One command-line option, declared as data so parsing and `--help` come from the same place.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes, such as `config`.
  public let name: String
  /// A one-letter alias, such as `h` for `--help`.
  public let shortName: Character?
  /// The placeholder for the value (`PATH`), or nil for a flag that takes none.
  public let valueName: String?
  /// One line of help.
  public let help: String

  /// Declares an option that takes a value.
  public static func value(_ name: String, _ valueName: String, help: String) -> OptionSpec {
    OptionSpec(name: name, shortName: nil, valueName: valueName, help: help)
  }

  /// Declares a flag.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, shortName: short, valueName: nil, help: help)
  }

  /// How the option is written in help: `--config PATH`, `-h, --help`.
  public var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return shortName.map { "-\($0), \(long)" } ?? long
  }
}

/// A subcommand: its name, what it does, its arguments and its own options.
public struct CommandSpec: Sendable, Equatable {
  /// The word that selects it, such as `products`.
  public let name: String
  /// One line describing what it does.
  public let abstract: String
  /// Placeholders for positional arguments, such as `["[COMMAND]"]`; optional ones in brackets.
  public let arguments: [String]
  /// Options only this command accepts.
  public let options: [OptionSpec]
  /// Command lines that show its use, for `storeterm help <command>`.
  public let examples: [String]

  /// Declares a command.
  public init(
    name: String, abstract: String, arguments: [String] = [], options: [OptionSpec] = [],
    examples: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.arguments = arguments
    self.options = options
    self.examples = examples
  }

  /// The most positional arguments the command takes.
  public var maximumArgumentCount: Int { arguments.count }

  /// The fewest positional arguments the command needs.
  public var minimumArgumentCount: Int { arguments.filter { !$0.hasPrefix("[") }.count }
}
