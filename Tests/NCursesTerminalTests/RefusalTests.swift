import Foundation
import StoreTermTestSupport
import Testing

@testable import NCursesTerminal

/// Without a terminal the backend refuses in one sentence instead of crashing.
@Suite struct RefusalTests {
  @Test func theCheckBinaryRefusesPipes() throws {
    let binary = TmuxSession.binaryDirectory.appending(path: "storeterm-tui-check").path
    let outcome = try Subprocess.run(binary, [], environment: ["TERM=xterm-256color"])
    #expect(outcome.status == 1)
    #expect(
      outcome.error
        == "storeterm-tui-check: The terminal interface needs an interactive terminal, but standard input is not one.\n"
    )
    #expect(outcome.output.isEmpty)
  }

  @Test func theBackendThrowsWhenStandardInputIsNotATerminal() {
    // `swift test` runs with standard input from a pipe or /dev/null, never a terminal, when
    // run by CI; when run by hand in a terminal this test has nothing to check.
    guard isatty(STDIN_FILENO) == 0 else { return }
    #expect(throws: NCursesTerminalError.notATerminal(stream: "input")) {
      _ = try NCursesTerminal()
    }
  }

  @Test func errorsReadAsOneSentence() {
    #expect(
      NCursesTerminalError.unknownTerminal(type: "nosuch").description
        == "The terminal type \"nosuch\" is unknown to this system's terminfo database; set TERM to a known type such as xterm-256color."
    )
  }
}
