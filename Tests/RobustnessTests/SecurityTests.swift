import Foundation
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// File modes of the state storeterm creates, and no private key in anything it prints.
@Suite struct SecurityTests {
  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }

  @Test func stateIsPrivateAndNoCommandPrintsAKey() async throws {
    let state = try TestPaths.temporaryDirectory().appending(path: "state/storeterm")
    let db = state.appending(path: "ledger.sqlite").path
    var printed = ""
    let commands: [[String]] = [
      ["purchase", "dev.storeterm.demo.plus.monthly"], ["transactions", "--json"],
      ["entitlements", "--json"], ["status", "--json"], ["jws", "1"], ["cert"], ["cert", "--pem"],
      ["balances", "--json"], ["clock", "advance", "40d"], ["products", "--json"],
    ]
    for command in commands {
      let run = await runStoreTerm(command + ["--db", db])
      #expect(run.status == 0, "\(command): \(run.standardError)")
      printed += run.standardOutput + run.standardError
    }
    #expect(!printed.contains("PRIVATE KEY"))
    #expect(try Self.mode(state.path) == 0o700)
    #expect(try Self.mode(db) == 0o600)
    let ca = state.appending(path: "ca")
    #expect(try Self.mode(ca.path) == 0o700)
    #expect(try Self.mode(ca.appending(path: "leaf.key.pem").path) == 0o600)
    let keyText = try String(contentsOf: ca.appending(path: "leaf.key.pem"), encoding: .utf8)
    let keyBody = keyText.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    #expect(!keyBody.isEmpty)
    #expect(!printed.contains(keyBody))
  }
}
