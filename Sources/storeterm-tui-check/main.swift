// storeterm-tui-check: a developer check of the terminal stack, used by the tmux end-to-end
// tests. It shows one fixed frame (a box, CJK text, every style role, the size and the last key)
// and quits on q. It is not part of storeterm and not installed.
//
//   storeterm-tui-check [--monochrome] [--crash-key]
//
// --crash-key makes ! crash the program (a Swift trap), to test that a crash restores the terminal.
// NO_COLOR (any non-empty value) or --monochrome selects the monochrome theme. A terminal that
// cannot move the cursor (TERM=dumb) gets the line-mode backend. Exit status: 0 after q, 1 when
// the terminal cannot be used, 64 on a bad argument, 128 + N after signal N.
import Foundation
import NCursesTerminal
import TerminalUI

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] {
  print("usage: storeterm-tui-check [--monochrome] [--crash-key]  (a developer check; q quits)")
  exit(0)
}
if let unknown = arguments.first(where: { $0 != "--monochrome" && $0 != "--crash-key" }) {
  FileHandle.standardError.write(
    Data("storeterm-tui-check: unknown argument \"\(unknown)\".\n".utf8))
  exit(64)
}
let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
let theme: Theme = noColor || arguments.contains("--monochrome") ? .monochrome : .default

let terminal: any InteractiveTerminal
do {
  terminal = try TerminalSession.open(theme: theme)
} catch {
  FileHandle.standardError.write(Data("storeterm-tui-check: \(error)\n".utf8))
  exit(1)
}
let state = CheckApp.State(crashKeyEnabled: arguments.contains("--crash-key"))
_ = await Program<CheckApp>(state: state, backend: terminal).run()
if let signal = terminal.terminationSignal { exit(128 + signal) }
exit(0)
