import Foundation

/// Runs `openssl speed -seconds N ecdsap256` and reads its sign and verify rates.
enum OpenSSLSpeed {
  struct Rates {
    var sign: Double
    var verify: Double
  }

  /// The rates of `seconds` of signing and `seconds` of verifying.
  ///
  /// Bounded: openssl is stopped after `timeout` real seconds (a loaded host has been seen to
  /// stall it), and the run throws rather than waiting for it.
  static func ecdsaP256(seconds: Int, timeout: TimeInterval? = nil) throws -> Rates {
    let seconds = max(1, seconds)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl", "speed", "-seconds", String(seconds), "ecdsap256"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Two timed runs (sign, verify) plus start-up; ten times that is generous on any host.
    let limit = timeout ?? TimeInterval(20 * seconds + 10)
    let watchdog = DispatchWorkItem { [process] in
      if process.isRunning { process.terminate() }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    if process.terminationReason == .uncaughtSignal {
      throw BenchmarkError(
        "`openssl speed -seconds \(seconds) ecdsap256` stopped after \(Int(limit)) s")
    }
    let text = String(decoding: data, as: UTF8.self)
    // The summary line: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  51219.0  16957.0".
    for line in text.split(separator: "\n") where line.contains("(nistp256)") {
      let numbers = line.split(separator: " ").compactMap { Double($0) }
      if numbers.count >= 3, let sign = numbers.dropLast().last, let verify = numbers.last {
        return Rates(sign: sign, verify: verify)
      }
    }
    throw BenchmarkError("could not read the rates from `openssl speed ecdsap256`:\n\(text)")
  }
}
