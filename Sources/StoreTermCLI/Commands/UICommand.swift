import Foundation
import NCursesTerminal
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp
import TerminalUI

/// `storeterm ui`: the terminal front end (paywall, account, transaction manager, event log).
enum UICommand {
  static let spec = CommandSpec(
    name: "ui",
    abstract: "The terminal front end: paywall, account, transactions, event log, customers",
    options: [
      .value(
        "theme", "NAME|PATH",
        help: "default, light, high-contrast, monochrome, or a theme file (NO_COLOR: monochrome)"),
      .flag("read-only", help: "Disable every key that changes the store (for support)"),
      .value("log-file", "PATH", help: "Write diagnostics here; nothing is printed while it runs"),
    ],
    examples: ["storeterm ui --theme high-contrast", "storeterm ui --read-only --customer default"])

  /// Runs the front end until the user quits; returns the exit status (128 + N after signal N).
  @MainActor
  static func run(_ context: CommandContext) async throws -> Int32 {
    let theme = try BuiltInThemes.resolve(
      context.parsed.value("theme"), environment: context.environment)
    let log =
      try context.parsed.value("log-file").map {
        try DiagnosticLog(path: $0, paths: context.paths)
      } ?? DiagnosticLog()
    let store = try context.openStore()
    let terminal: any InteractiveTerminal
    do {
      terminal = try TerminalSession.open(theme: theme)
    } catch {
      throw CommandFailure("storeterm ui: \(error)")
    }
    // The store manager (and its Transaction.updates listener) starts before the first frame.
    let record = context.parsed.value("record")
    let target = RecordingTarget(
      path: record, paths: context.paths,
      catalog: CommandRecording.catalogName(context, file: record ?? "walk.scenario"))
    let runner = try StoreEffectRunner(
      context: store, log: log, appDatabase: context.paths.appDatabase, recording: target
    ) { customerID in
      // The customer switcher opens the same App Store for another account; anything it would
      // print goes to the log, since the screen is up.
      var parsed = context.parsed
      parsed.options["customer"] = customerID
      return try CommandContext(
        parsed: parsed, output: LogOutput(log: log), environment: context.environment
      ).openStore(reportingWarnings: false)
    }
    let state = AppState(readOnly: context.parsed.flag("read-only"), size: terminal.size)
    _ = await Program<StoreTermApp>(state: state, backend: terminal, runner: runner).run()
    await runner.stop()
    if let signal = terminal.terminationSignal { return 128 + signal }
    return ExitStatus.success
  }
}
