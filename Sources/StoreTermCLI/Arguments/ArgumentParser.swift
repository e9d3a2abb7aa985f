/// The result of parsing a command line: the command, its positional arguments, and option values.
public struct ParsedArguments: Sendable, Equatable {
  /// The chosen command.
  public var command: CommandSpec
  /// Positional arguments after the command.
  public var arguments: [String] = []
  /// Option values by long name; flags hold `""`.
  public var options: [String: String] = [:]
  /// Whether the command was named on the command line rather than chosen by default.
  public var explicitCommand = false
  /// Every value of each option, in order, for options that may be repeated (`--notify`).
  public var repeatedValues: [String: [String]] = [:]

  /// Whether the flag `name` was given.
  public func flag(_ name: String) -> Bool { options[name] != nil }

  /// The value of option `name`, if given.
  public func value(_ name: String) -> String? { options[name] }

  /// Every value given for option `name`, in order (empty when it was not given).
  public func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
}

/// A command line that cannot be understood; the CLI prints it with the usage line and exits 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One sentence naming the bad argument.
  public var message: String

  /// Creates a usage error.
  public init(_ message: String) { self.message = message }

  /// The sentence.
  public var description: String { message }
}

/// Parses arguments against declared commands and global options.
///
/// Global options are accepted before or after the command; `--name value` and `--name=value`
/// are both accepted; `--` ends option parsing.
public struct ArgumentParser: Sendable {
  /// Options every command accepts.
  public let globalOptions: [OptionSpec]
  /// The commands, in help order.
  public let commands: [CommandSpec]
  /// The command run when none is named.
  public let defaultCommand: CommandSpec

  /// Creates a parser.
  public init(globalOptions: [OptionSpec], commands: [CommandSpec], defaultCommand: CommandSpec) {
    self.globalOptions = globalOptions
    self.commands = commands
    self.defaultCommand = defaultCommand
  }

  /// Parses `arguments` (without the program name).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var command: CommandSpec?
    var positionals: [String] = []
    var options: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, argument.hasPrefix("-"), argument != "-",
        !(argument.dropFirst().first?.isNumber ?? false)
      {
        // A leading digit ("-3d") marks a negative value for the command to refuse, not an option.
        let (spec, inlineValue) = try option(argument, command: command)
        if let valueName = spec.valueName {
          if let inlineValue {
            options[spec.name] = inlineValue
          } else if index < arguments.count, arguments[index].hasPrefix("--"),
            arguments[index] != "--"
          {
            // `--customer --json` is a forgotten value, not a customer named "--json";
            // `--customer=--json` still says it on purpose.
            throw UsageError(
              "option --\(spec.name) needs a value (\(valueName)), not the option '\(arguments[index])'"
            )
          } else if index < arguments.count {
            options[spec.name] = arguments[index]
            index += 1
          } else {
            throw UsageError("option --\(spec.name) needs a value (\(valueName))")
          }
          repeated[spec.name, default: []].append(options[spec.name] ?? "")
        } else {
          guard inlineValue == nil else { throw UsageError("option --\(spec.name) takes no value") }
          options[spec.name] = ""
        }
      } else if command == nil {
        guard let match = commands.first(where: { $0.name == argument }) else {
          throw UsageError(
            "unknown command '\(argument)'"
              + Suggestion.didYouMean(argument, among: commands.map(\.name)))
        }
        command = match
      } else {
        positionals.append(argument)
      }
    }
    let chosen = command ?? defaultCommand
    if positionals.count > chosen.maximumArgumentCount {
      throw UsageError("unexpected argument '\(positionals[chosen.maximumArgumentCount])'")
    }
    // Help was asked for: missing arguments do not matter.
    if positionals.count < chosen.minimumArgumentCount, options["help"] == nil {
      let missing = chosen.arguments[positionals.count]
      throw UsageError("'\(chosen.name)' needs \(missing)")
    }
    return ParsedArguments(
      command: chosen, arguments: positionals, options: options, explicitCommand: command != nil,
      repeatedValues: repeated)
  }

  private func option(
    _ argument: String, command: CommandSpec?
  ) throws(UsageError) -> (OptionSpec, String?) {
    let candidates = globalOptions + (command?.options ?? [])
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      if let spec = candidates.first(where: { $0.name == name }) { return (spec, value) }
      if command == nil, commands.contains(where: { $0.options.contains { $0.name == name } }) {
        throw UsageError("option --\(name) must follow its command")
      }
      throw UsageError(
        "unknown option '--\(name)'"
          + Suggestion.didYouMean(name, among: candidates.map(\.name), prefix: "--"))
    }
    let letters = argument.dropFirst()
    if letters.count == 1, let spec = candidates.first(where: { $0.shortName == letters.first }) {
      return (spec, nil)
    }
    throw UsageError("unknown option '\(argument)'")
  }
}
