import Foundation

/// Runs `openssl speed -seconds N ecdsap256` and reads its sign and verify rates.
enum OpenSSLSpeed {
  struct Rates {
    var sign: Double
    var verify: Double
  }

  static func ecdsaP256(seconds: Int) throws -> Rates {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl", "speed", "-seconds", String(seconds), "ecdsap256"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
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
