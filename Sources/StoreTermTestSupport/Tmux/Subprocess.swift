import Foundation

/// Runs a program with posix_spawn and waits for it with waitpid.
///
/// Foundation's `Process.waitUntilExit` never returned here once the tmux client had forked its
/// server, so the tests start processes themselves, with a clean signal mask.
public enum Subprocess {
  /// What a finished program left behind.
  public struct Outcome {
    /// The exit status (128 + N when killed by signal N).
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String
  }

  /// Runs `path` with `arguments` and `environment`, standard input from /dev/null; output is
  /// captured, or sent to /dev/null when `capturing` is false (for programs that leave a daemon
  /// behind holding their output open).
  public static func run(
    _ path: String, _ arguments: [String], environment: [String], capturing: Bool = true
  ) throws -> Outcome {
    // Tests spawn from several threads at once, and a child spawned by another thread must not
    // inherit this one's pipes: a tmux server started by that child would hold their write ends
    // open for its whole life, and the reads below would never see end of file (the suite hung
    // so once). The pipes are close-on-exec, and making them and spawning is one step under a
    // lock, so no spawn happens between `pipe` and `fcntl`.
    let child = try spawning.withLock {
      try spawn(path, arguments, environment: environment, capturing: capturing)
    }
    defer {
      close(child.output)
      close(child.error)
    }
    guard child.status == 0 else { throw TmuxError("cannot start \(path): error \(child.status)") }
    let output = readAll(child.output)
    let error = readAll(child.error)
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) == -1 && errno == EINTR {}
    return Outcome(status: exitStatus(status), output: output, error: error)
  }

  /// Starts the child and returns its process ID, `posix_spawn`'s result and the read ends of
  /// its output and error pipes (the write ends are closed here).
  private static func spawn(
    _ path: String, _ arguments: [String], environment: [String], capturing: Bool
  ) throws -> (pid: pid_t, status: Int32, output: Int32, error: Int32) {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
      throw TmuxError("cannot create a pipe")
    }
    // The child's own ends are dup2'd onto 1 and 2, which clears the flag; every other copy
    // closes at exec.
    for descriptor in outputPipe + errorPipe {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
      posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let (pid, status) = spawn(path, arguments, environment: environment, actions: &actions)
    close(outputPipe[1])
    close(errorPipe[1])
    return (pid, status, outputPipe[0], errorPipe[0])
  }

  /// Starts `path` with `arguments` and `environment` and the file actions given, with every
  /// signal unblocked and at its default; returns the child's ID and `posix_spawn`'s result.
  ///
  /// Dispatch's worker threads block every signal and a spawned child inherits that mask: a
  /// tmux server or a server under test started so would never see SIGHUP or SIGTERM.
  public static func spawn(
    _ path: String, _ arguments: [String], environment: [String],
    actions: inout posix_spawn_file_actions_t
  ) -> (pid: pid_t, status: Int32) {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    return (pid, status)
  }

  /// A `waitpid` status as a shell reports it: the exit code, or 128 + N when killed by signal N
  /// (`WIFEXITED`, `WEXITSTATUS` and `WTERMSIG` are macros; these are their definitions).
  public static func exitStatus(_ status: Int32) -> Int32 {
    status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// Held from making a child's pipes until the child is spawned.
  private static let spawning = NSLock()

  private static func readAll(_ descriptor: Int32) -> String {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    return String(decoding: data, as: UTF8.self)
  }
}
