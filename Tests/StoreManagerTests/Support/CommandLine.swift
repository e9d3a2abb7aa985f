import Foundation
import StoreTermCLI
import StoreTermTestSupport

/// Runs `storeterm` in-process with extra environment variables (the fault hook).
func storeterm(_ arguments: [String], environment extra: [String: String] = [:]) async
  -> Run
{
  let output = CapturedOutput()
  var environment = ["XDG_STATE_HOME": TestPaths.processStateDirectory.path]
  environment.merge(extra) { _, new in new }
  let status = await StoreTermCommand.run(arguments, output: output, environment: environment)
  return Run(
    status: status, standardOutput: output.standardOutput, standardError: output.standardError)
}

/// What one in-process run printed and returned.
struct Run {
  let status: Int32
  let standardOutput: String
  let standardError: String
}

/// A fresh ledger path in its own folder.
func temporaryLedger() throws -> String {
  try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
}
