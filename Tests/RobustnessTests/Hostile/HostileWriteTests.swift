import Foundation
import StoreTermTestSupport
import Testing

/// Issue 27, items 1, 2 and 11: every path storeterm writes follows one rule (never through a
/// link, never onto its own state or a key, 0600), and a failed write to standard output or
/// error is exit 1, never a crash.
@Suite struct HostileWriteTests {
  /// A private file and a link to it beside the ledger.
  private func privateFileAndLink(in folder: URL) throws -> (target: String, link: String) {
    let target = folder.appending(path: "private.txt").path
    #expect(
      FileManager.default.createFile(
        atPath: target, contents: Data("secret".utf8), attributes: [.posixPermissions: 0o600]))
    let link = folder.appending(path: "link.pem").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    return (target, link)
  }

  @Test func certOutNeverWritesThroughALinkNorOntoAKey() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let (target, link) = try privateFileAndLink(in: folder)
    await HostileFixture.expectRefusal(
      ["cert", "--out", link, "--force"], db: db,
      error: "\(link): is a symbolic link, and storeterm never writes through one;"
        + " choose another --out path\n")
    let dangling = folder.appending(path: "dangling.pem").path
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: folder.appending(path: "nowhere.pem").path)
    await HostileFixture.expectRefusal(
      ["cert", "--out", dangling], db: db,
      error: "\(dangling): is a symbolic link, and storeterm never writes through one;"
        + " choose another --out path\n")
    #expect(FileManager.default.contents(atPath: target) == Data("secret".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "nowhere.pem").path))

    // The server's private keys, in their folder or anywhere else.
    #expect(await runStoreTerm(["server-keys", "create", "--db", db]).status == 0)
    let keys = folder.appending(path: "server-keys")
    let keyName = try #require(
      try FileManager.default.contentsOfDirectory(atPath: keys.path).first)
    let key = keys.appending(path: keyName).path
    let keyBytes = FileManager.default.contents(atPath: key)
    await HostileFixture.expectRefusal(
      ["cert", "--out", key, "--force"], db: db,
      error: "\(key): is inside the server keys' folder; choose another --out path\n")
    let elsewhere = folder.appending(path: "Key.p8").path
    let made = await runStoreTerm(["server-keys", "create", "--out", elsewhere, "--db", db])
    #expect(made.status == 0, "\(made.standardError)")
    await HostileFixture.expectRefusal(
      ["cert", "--out", elsewhere, "--force"], db: db,
      error: "\(elsewhere): holds a private key; choose another --out path\n")
    await HostileFixture.expectRefusal(
      ["server-keys", "create", "--out", db], db: db,
      error: "\(db): is the ledger (or its journal); choose another --out path\n")
    #expect(FileManager.default.contents(atPath: key) == keyBytes)
  }

  @Test func certOutWritesAPrivateFileAndReplacesOnlyAFile() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let out = folder.appending(path: "root.pem").path
    #expect(
      FileManager.default.createFile(
        atPath: out, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
    let run = await runStoreTerm(["cert", "--out", out, "--force", "--db", db])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(HostileFixture.mode(out) == 0o600)
    #expect(
      FileManager.default.contents(atPath: out)?.starts(with: Data("-----BEGIN".utf8)) == true)
    let fresh = folder.appending(path: "fresh.der").path
    #expect(await runStoreTerm(["cert", "--out", fresh, "--der", "--db", db]).status == 0)
    #expect(HostileFixture.mode(fresh) == 0o600)
  }

  @Test func logFileFollowsTheSameRule() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let key = folder.appending(path: "ca/leaf.key.pem").path
    let keyBytes = FileManager.default.contents(atPath: key)
    await HostileFixture.expectRefusal(
      ["ui", "--log-file", key], db: db,
      error: "\(key): is inside the test certificate authority's folder;"
        + " choose another --log-file path\n")
    await HostileFixture.expectRefusal(
      ["ui", "--log-file", db], db: db,
      error: "\(db): is the ledger (or its journal); choose another --log-file path\n")
    let (target, link) = try privateFileAndLink(in: folder)
    await HostileFixture.expectRefusal(
      ["ui", "--log-file", link], db: db,
      error: "\(link): is a symbolic link, and storeterm never writes through one;"
        + " choose another --log-file path\n")
    // A second name for the ledger: appending to it would corrupt the ledger.
    let hard = folder.appending(path: "hard.log").path
    #expect(Foundation.link(db, hard) == 0)
    await HostileFixture.expectRefusal(
      ["ui", "--log-file", hard], db: db,
      error: "\(hard): has other names (hard links), and one could be storeterm's own state;"
        + " choose another --log-file path\n")
    #expect(FileManager.default.contents(atPath: key) == keyBytes)
    #expect(FileManager.default.contents(atPath: target) == Data("secret".utf8))
    // A new log is private whatever the umask. A process of its own with no terminal: the
    // screen cannot open, but the log is made first.
    let log = folder.appending(path: "new.log").path
    let run = try StoreTermProcess.run(["ui", "--log-file", log, "--db", db])
    #expect(run.status == 1)
    #expect(HostileFixture.mode(log) == 0o600)
  }

  @Test func aDatabaseThatIsALinkIsRefused() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let link = folder.appending(path: "linked.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: db)
    let before = try HostileFixture.checksum(db)
    let run = await runStoreTerm(["purchase", "dev.storeterm.demo.coins.100", "--db", link])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "storeterm: \(link) is not a storeterm database (it is a symbolic link, and storeterm"
        + " never writes through one)\n")
    #expect(try HostileFixture.checksum(db) == before)
  }

  /// `storeterm ARGUMENTS` with standard output (or error) sent to `/dev/full`.
  private func runIntoAFullDevice(_ arguments: [String], stream: Int = 1) throws
    -> Subprocess.Outcome
  {
    try Subprocess.run(
      "/bin/sh",
      ["-c", "exec \"$0\" \"$@\" \(stream)>/dev/full", StoreTermProcess.path] + arguments,
      environment: ["PATH=/usr/bin:/bin", "XDG_STATE_HOME=\(TestPaths.processStateDirectory.path)"])
  }

  @Test func aFullStandardOutputIsExitOneNotACrash() async throws {
    let (_, db) = try await HostileFixture.ledger()
    let products = try runIntoAFullDevice(["products", "--db", db])
    #expect(products.status == 1)
    #expect(
      products.error
        == "storeterm: standard output: No space left on device; output was lost"
        + " (the command itself succeeded)\n")
    // The purchase commits; only its report is lost.
    let bought = try runIntoAFullDevice(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    #expect(bought.status == 1)
    #expect(bought.error.hasSuffix("output was lost (the command itself succeeded)\n"))
    let entitlements = await runStoreTerm(["entitlements", "--db", db])
    #expect(entitlements.standardOutput.contains("dev.storeterm.demo.lifetime"))
    // A full standard error: the usage error's status, nothing printed, no crash.
    let usage = try runIntoAFullDevice(["no-such-command", "--db", db], stream: 2)
    #expect(usage.status == 64)
  }
}
