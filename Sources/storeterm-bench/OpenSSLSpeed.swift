import Foundation

/// Runs `openssl speed -seconds N ecdsap256` and reads its sign and verify rates.
enum OpenSSLSpeed {
  struct Rates {
    var sign: Double
    var verify: Double
  }

  /// The rates of `seconds` of signing and `seconds` of verifying.
  ///
  /// openssl times each run with `SIGALRM`. A child started by `Process` inherits the signal
  /// mask of the thread that spawned it, where Dispatch blocks `SIGALRM` and `SIGTERM`; openssl
  /// then never sees its alarm and signs forever (seen under load, when the spawning thread is a
  /// worker). So it is spawned here with every signal unblocked and at its default, and killed
  /// (`SIGKILL`, which no mask stops) if it outlives `timeout` real seconds.
  static func ecdsaP256(seconds: Int, timeout: TimeInterval? = nil) throws -> Rates {
    let seconds = max(1, seconds)
    let arguments = ["openssl", "speed", "-seconds", String(seconds), "ecdsap256"]
    // Two timed runs (sign, verify) plus start-up; ten times that is generous on any host.
    let limit = timeout ?? TimeInterval(20 * seconds + 10)
    let (text, killed) = try run(arguments, limit: limit)
    if killed {
      throw BenchmarkError("`\(arguments.joined(separator: " "))` stopped after \(Int(limit)) s")
    }
    // The summary line: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  51219.0  16957.0".
    for line in text.split(separator: "\n") where line.contains("(nistp256)") {
      let numbers = line.split(separator: " ").compactMap { Double($0) }
      if numbers.count >= 3, let sign = numbers.dropLast().last, let verify = numbers.last {
        return Rates(sign: sign, verify: verify)
      }
    }
    throw BenchmarkError("could not read the rates from `openssl speed ecdsap256`:\n\(text)")
  }

  /// Runs `arguments` (found on PATH) with a clean signal mask; returns its standard output and
  /// whether it had to be killed after `limit` seconds.
  private static func run(_ arguments: [String], limit: TimeInterval) throws -> (String, Bool) {
    var pipe: [Int32] = [0, 0]
    guard pipe.withUnsafeMutableBufferPointer({ Glibc.pipe($0.baseAddress!) }) == 0 else {
      throw BenchmarkError("pipe failed")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    close(pipe[1])
    guard status == 0 else {
      close(pipe[0])
      throw BenchmarkError("\(arguments[0]) could not start (error \(status))")
    }
    let watch = ChildWatch()
    let child = pid
    DispatchQueue.global().asyncAfter(deadline: .now() + limit) { watch.kill(child) }
    let output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true)
    let data = output.readDataToEndOfFile()
    // Wait for the exit without reaping, so the watchdog can never signal a reused pid.
    var info = siginfo_t()
    while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
    let killed = watch.exited()
    var result: Int32 = 0
    while waitpid(child, &result, 0) == -1 && errno == EINTR {}
    return (String(decoding: data, as: UTF8.self), killed)
  }
}

/// The watchdog's view of the child: killed at most once, and never after it exited.
private final class ChildWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  private var killed = false

  /// Kills `pid` unless it has exited already.
  func kill(_ pid: pid_t) {
    lock.withLock {
      guard !done else { return }
      killed = true
      _ = Glibc.kill(pid, SIGKILL)
    }
  }

  /// Marks the child exited (not yet reaped); returns whether the watchdog killed it.
  func exited() -> Bool {
    lock.withLock {
      done = true
      return killed
    }
  }
}
