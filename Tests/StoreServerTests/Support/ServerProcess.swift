import Foundation
import StoreTermTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `storeterm serve` (or another server, such as the notification receiver) running as a child
/// process on a port the system chose, its output in files; stopped with SIGTERM.
final class ServerProcess {
  let pid: pid_t
  let port: UInt16
  let outputPath: String
  let errorPath: String

  /// Starts `storeterm` with `arguments` (which must include `serve --listen 127.0.0.1:0`) and
  /// waits (at most 30 s) for the line that names its port (after `marker`); `executable`,
  /// `environment` and `name` (of the output files) start another server.
  init(
    _ arguments: [String], directory: URL, executable: String = StoreTermProcess.path,
    environment: [String]? = nil, name: String = "serve",
    marker: String = "on http://127.0.0.1:"
  ) throws {
    outputPath = directory.appending(path: "\(name).out").path
    errorPath = directory.appending(path: "\(name).err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let path = executable
    let (child, status) = Subprocess.spawn(
      path, arguments,
      environment: environment ?? ["PATH=/usr/bin:/bin", "HOME=\(directory.path)"],
      actions: &actions)
    guard status == 0 else { throw HarnessError("cannot start \(path): error \(status)") }
    pid = child
    var found: UInt16?
    for _ in 0..<600 {
      let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      if let range = text.range(of: marker),
        let port = UInt16(text[range.upperBound...].prefix(while: \.isNumber))
      {
        found = port
        break
      }
      if waitpid(child, nil, WNOHANG) == child {
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        throw HarnessError("\(path) exited early: \(error)")
      }
      usleep(50_000)
    }
    guard let found else {
      kill(child, SIGKILL)
      waitpid(child, nil, 0)
      throw HarnessError("\(path) named no port within 30 seconds")
    }
    port = found
  }

  /// Sends SIGTERM and waits; returns the exit status (128 + N when killed by signal N).
  func stop() -> Int32 {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return Subprocess.exitStatus(status)
  }

  /// Kills the process with SIGKILL (no chance to clean up) and waits; returns 128 + 9.
  func killAbruptly() -> Int32 {
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return Subprocess.exitStatus(status)
  }

  /// What the server printed.
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
}
