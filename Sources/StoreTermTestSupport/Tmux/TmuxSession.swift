import Foundation
import Testing

/// A private tmux server with one pane running an interactive bash, driven by `send-keys` and
/// read by `capture-pane`, for end-to-end tests of the real binary.
///
/// The shell has a one-word command `t` that runs `program` (a binary built beside this test
/// binary) with `arguments` and then prints `exit=STATUS`, so a command line never wraps, even
/// at 20 columns. `$HOME` is the session's own folder.
public final class TmuxSession {
  /// tmux's path, or nil when it is not installed.
  public static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first
  {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether tmux is installed; without it, `tests` are skipped with a printed reason, except
  /// under `CI=true`, where a missing tmux is recorded as a failure.
  public static func isAvailable(for tests: String) -> Bool {
    if tmuxPath != nil { return true }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("tmux is required when CI=true, but it is not installed.")
    } else {
      print("Skipping \(tests): tmux is not installed.")
    }
    return false
  }

  /// The folder holding the built products, beside this test binary.
  public static var binaryDirectory: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
  }

  private let tmux: String
  private let socket: String

  /// The session's private folder (also `$HOME` and `XDG_STATE_HOME` inside it).
  public let directory: URL

  /// Starts a detached `width`×`height` session whose shell (in ``directory``) has
  /// TERM=`term` and LANG=`lang` and whose `t` runs `program` with `arguments` before its own.
  public init(
    width: Int, height: Int, term: String, lang: String = "C.UTF-8", program: String,
    arguments: String = ""
  ) throws {
    guard let tmux = TmuxSession.tmuxPath else { throw TmuxError("tmux is not installed") }
    self.tmux = tmux
    directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-tmux-\(UUID().uuidString)")
    // The socket lives in the session's own folder, so removing the folder leaves nothing behind.
    socket = directory.appending(path: "tmux.socket").path
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let rc = directory.appending(path: "bashrc")
    try Data(
      """
      PS1='$ '
      unset HISTFILE
      t() { \(program) \(arguments) "$@"; echo "exit=$?"; }

      """.utf8
    ).write(to: rc)
    let shell = [
      "env", "-i", "PATH=\(TmuxSession.binaryDirectory.path):/usr/bin:/bin",
      "HOME=\(directory.path)", "XDG_STATE_HOME=\(directory.path)", "TERM=\(term)",
      "LANG=\(lang)",
      "bash", "--noprofile", "--rcfile", rc.path, "-i",
    ].map { "'\($0)'" }.joined(separator: " ")
    // The server this starts would inherit a pipe and hold it open, so it gets no pipe at all.
    try run(
      [
        "new-session", "-d", "-s", "main", "-c", directory.path, "-x", "\(width)", "-y",
        "\(height)", shell,
      ],
      capturingOutput: false)
  }

  deinit {
    _ = try? run(["kill-server"])
    // Bounded wait for the server to go, so the folder is removed after its last write.
    for _ in 0..<100 where (try? run(["has-session"])) != nil { usleep(10_000) }
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs a tmux command against this server and returns its standard output.
  @discardableResult
  public func run(_ arguments: [String], capturingOutput: Bool = true) throws -> String {
    let outcome = try Subprocess.run(
      tmux, ["-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["PATH=/usr/bin:/bin", "HOME=\(directory.path)", "TERM=xterm-256color"],
      capturing: capturingOutput)
    guard outcome.status == 0 else {
      throw TmuxError("tmux \(arguments.first ?? "") failed: \(outcome.output)\(outcome.error)")
    }
    return outcome.output
  }

  /// Sends keys (tmux key names such as `Enter`, `C-c`, or plain text).
  public func send(_ keys: String...) throws {
    try run(["send-keys", "-t", "main"] + keys)
  }

  /// Sends a left click at zero-based column `x`, row `y` as an xterm terminal reports it
  /// (SGR 1006: a press, then a release), for sessions whose TERM is an xterm.
  public func click(x: Int, y: Int) throws {
    try run(["send-keys", "-t", "main", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
    try run(["send-keys", "-t", "main", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)m"])
  }

  /// The pane's visible lines (with the scrollback above them when `history` is true), wrapped
  /// lines joined, trailing blank lines dropped.
  public func capture(history: Bool = false) throws -> [String] {
    var lines = try run(["capture-pane", "-p", "-J", "-t", "main"] + (history ? ["-S", "-"] : []))
      .split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
    while lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The pane's contents with tmux's own escape sequences for colors and attributes.
  public func captureWithStyles() throws -> String {
    try run(["capture-pane", "-p", "-e", "-t", "main"])
  }

  /// The processes the pane's shell has started (read from /proc), such as the running check.
  public func shellChildren() throws -> [pid_t] {
    let shell = try run(["display-message", "-p", "-t", "main", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return children.split(separator: " ").compactMap { pid_t($0) }
  }

  /// Runs `storeterm` in a second process on the session's ledger, as a second terminal would.

  /// Resizes the window.
  public func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
  }

  /// Captures the pane until `condition` holds, at most `tries` times 20 ms apart (a bound, not
  /// a timing assertion); returns the last capture and whether the condition held.
  public func waitUntil(tries: Int = 500, _ condition: ([String]) -> Bool) throws -> (
    lines: [String], held: Bool
  ) {
    var lines: [String] = []
    for _ in 0..<tries {
      lines = try capture()
      if condition(lines) { return (lines, true) }
      usleep(20_000)
    }
    return (lines, false)
  }
}

/// A tmux command failed.
public struct TmuxError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
