import Foundation
import StoreTermTestSupport
import Testing

/// `storeterm server-keys` and `storeterm serve` on the command line: outputs, file modes and
/// one-sentence refusals with the right exit status.
@Suite struct ServerCommandTests {
  func database() throws -> String {
    try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
  }

  @Test func keysAreCreatedListedAndRevoked() async throws {
    let db = try database()
    let empty = await runStoreTerm(["--db", db, "server-keys", "list"])
    #expect(empty.status == 0)
    #expect(empty.standardOutput == "no server keys yet: storeterm server-keys create\n")
    let out = (db as NSString).deletingLastPathComponent + "/mine.p8"
    let created = await runStoreTerm(["--db", db, "server-keys", "create", "--out", out])
    #expect(created.status == 0)
    let lines = created.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    let keyID = String(lines.first?.split(separator: " ").last ?? "")
    #expect(keyID.count == 10)
    #expect(lines.last == "private key  \(out) (mode 0600; storeterm keeps only the public key)")
    let attributes = try FileManager.default.attributesOfItem(atPath: out)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    let pem = try String(contentsOfFile: out, encoding: .utf8)
    // Spelled in two parts, so the repository never seems to hold a key.
    #expect(pem.hasPrefix("-----BEGIN " + "PRIVATE KEY-----\n"))
    // A second create never overwrites a key file.
    let again = await runStoreTerm(["--db", db, "server-keys", "create", "--out", out])
    #expect(again.status == 1)
    #expect(
      again.standardError == "storeterm: \(out): holds a private key; choose another --out path\n")
    let listed = await runStoreTerm(["--db", db, "server-keys", "list"])
    #expect(listed.standardOutput.contains("\(keyID)  "))
    #expect(listed.standardOutput.hasSuffix("  active\n"))
    let revoked = await runStoreTerm(["--db", db, "server-keys", "revoke", keyID])
    #expect(revoked.status == 0)
    #expect(revoked.standardOutput == "revoked server key \(keyID): tokens it signs now get 401\n")
    let json = await runStoreTerm(["--db", db, "--json", "server-keys", "list"])
    let keys =
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
    #expect(keys?.count == 1)
    #expect(keys?.first?["keyId"] as? String == keyID)
    #expect(keys?.first?["revokedDate"] is NSNumber)
  }

  @Test(arguments: [
    (
      ["server-keys", "frob"], 64,
      "storeterm: 'frob' is not a server-keys action (create, list, revoke)"
    ),
    (["server-keys", "revoke"], 64, "storeterm: server-keys revoke needs the key ID to revoke"),
    (["server-keys", "list", "X"], 64, "storeterm: server-keys list takes no key ID (got 'X')"),
    (
      ["server-keys", "revoke", "NOPE"], 1,
      "storeterm: NOPE: no such server key (see storeterm server-keys list)"
    ),
    (
      ["serve", "--listen", "nonsense"], 64,
      "storeterm: --listen nonsense: not HOST:PORT, such as 127.0.0.1:8090"
    ),
    (
      ["serve", "--listen", "localhost:0"], 1,
      "storeterm: localhost: not an IPv4 address such as 127.0.0.1"
    ),
  ])
  func refusals(_ arguments: [String], _ status: Int32, _ message: String) async throws {
    let run = await runStoreTerm(["--db", try database()] + arguments)
    #expect(run.status == status)
    #expect(run.standardError.split(separator: "\n").first.map(String.init) == message)
  }
}
