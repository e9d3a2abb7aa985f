import Foundation
import StoreCore
import StoreJWS

/// Verification throughput of Apple's App Store Server Library (Python), measured by
/// `Scripts/asl-verify.py --bench` on tokens storeterm signed: the peer a server
/// would otherwise use.
enum OracleVerifySpeed {
  /// Verifications per second, or nil (with the reason printed) when the library is unavailable.
  static func measure(authority: TestCertificateAuthority, count: Int = 3_000) -> Double? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Scripts/asl-verify.py").path
    guard FileManager.default.fileExists(atPath: script) else {
      print("Apple's library: skipped (\(script) not found)")
      return nil
    }
    do {
      let directory = FileManager.default.temporaryDirectory
        .appending(path: "storeterm-bench-oracle-\(ProcessInfo.processInfo.processIdentifier)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      // Sandbox: the library checks the chain and signature there (not for Xcode data).
      var payload = JWSBenchmark.samplePayload()
      payload.environment = .sandbox
      let signer = authority.makeSigner()
      let tokens = try (0..<16).map { index -> String in
        payload.transactionId = String(3_000_000_000_000 + index)
        return try signer.sign(payload)
      }
      let root = directory.appending(path: "root.der")
      try Data(authority.rootCertificate.der).write(to: root)
      let input = directory.appending(path: "tokens.txt")
      try Data((tokens.joined(separator: "\n") + "\n").utf8).write(to: input)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", script, "--root", root.path, "--bundle-id", payload.bundleId, "--environment",
        "Sandbox", "--kind", "transaction", "--bench", String(count), input.path,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0,
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n").last,
        let json = try? JSONParser.parse(String(line)),
        case .number(let rate)? = json["verifications_per_second"], let value = Double(rate)
      else {
        print("Apple's library: skipped (asl-verify.py --bench did not report; is it installed?)")
        return nil
      }
      return value
    } catch {
      print("Apple's library: skipped (\(error))")
      return nil
    }
  }
}
