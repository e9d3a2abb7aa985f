import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Issue 17, findings 3–7 and 9–14: each refusal is one exact sentence, and the ledger is the
/// same before and after.
@Suite struct HostileRefusalTests {
  @Test func quantityOutsideOneToTenIsInvalidQuantity() async throws {
    let (_, db) = try await HostileFixture.ledger()
    for quantity in ["9223372036854775807", "11", "0", "-1"] {
      await HostileFixture.expectRefusal(
        ["purchase", "dev.storeterm.demo.coins.100", "--quantity", quantity], db: db,
        error: "purchase dev.storeterm.demo.coins.100: Product.PurchaseError.invalidQuantity\n")
    }
    let ten = await runStoreTerm(
      ["purchase", "dev.storeterm.demo.coins.100", "--quantity", "10", "--db", db])
    #expect(ten.status == 0)
    #expect(ten.standardOutput.contains("$9.90"))
    let balances = await runStoreTerm(["balances", "--db", db])
    #expect(balances.status == 0, "\(balances.standardError)")
  }

  @Test func aPriceThatDoesNotFitInMilliunitsIsACatalogError() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let config = try HostileFixture.catalog(
      replacing: "\"displayPrice\" : \"0.99\"",
      with: "\"displayPrice\" : \"1234567890123456789012345678901234567890\"", in: folder)
    await HostileFixture.expectRefusal(
      ["purchase", "dev.storeterm.demo.coins.100", "--config", config], db: db,
      error: "\(config): products[0].displayPrice: \"1234567890123456789012345678901234567890\""
        + " does not fit in milliunits (at most 922337203685477)\n")
    let largest = try HostileFixture.catalog(
      replacing: "\"displayPrice\" : \"0.99\"", with: "\"displayPrice\" : \"922337203685477\"",
      in: folder)
    let run = await runStoreTerm(
      [
        "purchase", "dev.storeterm.demo.coins.100", "--quantity", "10", "--json", "--config",
        largest, "--db", db,
      ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("\"price\": 9223372036854770000"))
  }

  @Test func certOutRefusesStoretermsStateAndDevicesAndOverwrites() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let appDB = folder.appending(path: "ledger.app.sqlite").path
    let key = folder.appending(path: "ca/leaf.key.pem").path
    let keyBytes = FileManager.default.contents(atPath: key)
    await HostileFixture.expectRefusal(
      ["cert", "--out", db, "--force"], db: db,
      error: "\(db): is the ledger (or its journal); choose another --out path\n")
    await HostileFixture.expectRefusal(
      ["cert", "--out", appDB, "--force"], db: db,
      error: "\(appDB): is the app's database (or its journal); choose another --out path\n")
    await HostileFixture.expectRefusal(
      ["cert", "--out", key, "--force"], db: db,
      error:
        "\(key): is inside the test certificate authority's folder; choose another --out path\n")
    await HostileFixture.expectRefusal(
      ["cert", "--out", "/dev/full", "--force"], db: db,
      error: "/dev/full: is not a regular file; choose another --out path\n")
    #expect(FileManager.default.contents(atPath: key) == keyBytes)
    let out = folder.appending(path: "root.pem").path
    #expect(await runStoreTerm(["cert", "--out", out, "--db", db]).status == 0)
    await HostileFixture.expectRefusal(
      ["cert", "--out", out, "--der"], db: db,
      error: "\(out): already exists; add --force to replace it\n")
    #expect(await runStoreTerm(["cert", "--out", out, "--der", "--force", "--db", db]).status == 0)
    #expect(FileManager.default.contents(atPath: out)?.first == 0x30)
  }

  @Test func reservedPrefixesCannotShadowImportedCustomers() async throws {
    let (_, db) = try await HostileFixture.ledger()
    for prefix in ["original:", "token:"] {
      await HostileFixture.expectRefusal(
        ["purchase", "dev.storeterm.demo.lifetime", "--customer", prefix + "903"], db: db,
        status: 64,
        error: "--customer: '\(prefix)' is reserved for imported App Store customers\n"
          + "usage: storeterm [<command>] [options]   (storeterm --help lists them)\n")
    }
  }

  @Test func aLedgerBehindTheAppsRecordsIsRefusedAndIDsNeverRepeat() async throws {
    // Separate processes, as a user would run them: this process never holds the files that
    // are replaced underneath SQLite.
    let folder = try HostileFixture.folder()
    let db = folder.appending(path: "ledger.sqlite").path
    func storeterm(_ arguments: [String]) throws -> Subprocess.Outcome {
      try StoreTermProcess.run(arguments + ["--db", db])
    }
    #expect(try storeterm(["purchase", "dev.storeterm.demo.coins.100"]).status == 0)
    // A backup taken after transaction 1: the database and its WAL.
    let saved = try Data(contentsOf: URL(fileURLWithPath: db))
    let savedWAL = FileManager.default.contents(atPath: db + "-wal")
    for _ in 0..<2 {
      #expect(try storeterm(["purchase", "dev.storeterm.demo.coins.100"]).status == 0)
    }
    // The ledger replaced by the backup: the app's records are ahead of it.
    try? FileManager.default.removeItem(atPath: db + "-wal")
    try? FileManager.default.removeItem(atPath: db + "-shm")
    try saved.write(to: URL(fileURLWithPath: db))
    if let savedWAL {
      #expect(
        FileManager.default.createFile(
          atPath: db + "-wal", contents: savedWAL, attributes: [.posixPermissions: 0o600]))
    }
    let before = try HostileFixture.checksum(db)
    let refused = try storeterm(["purchase", "dev.storeterm.demo.coins.100"])
    #expect(refused.status == 1)
    #expect(
      refused.error
        == "storeterm: \(db): the app's records hold transaction 3 but the ledger ends at 1, so it was"
        + " rolled back or replaced (a deleted -wal file?) and would reuse transaction IDs;"
        + " restore it, or run 'storeterm reset --yes' to continue after 3\n")
    #expect(try HostileFixture.checksum(db) == before)
    #expect(try storeterm(["reset", "--yes"]).status == 0)
    let next = try storeterm(["purchase", "dev.storeterm.demo.coins.100"])
    #expect(next.status == 0, "\(next.error)")
    #expect(next.output.hasPrefix("success: transaction 4 "))
  }

  @Test func periodsPastTheCertificatesAreRefused() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let config = try HostileFixture.catalog(
      replacing: "\"recurringSubscriptionPeriod\" : \"P1M\"",
      with: "\"recurringSubscriptionPeriod\" : \"P99999999Y\"", in: folder)
    await HostileFixture.expectRefusal(
      ["purchase", "dev.storeterm.demo.plus.monthly", "--config", config], db: db,
      error: "\(config): subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod:"
        + " \"P99999999Y\" is longer than P100Y\n")
    await HostileFixture.expectRefusal(
      ["purchase", "dev.storeterm.demo.coins.100", "--non-renewing-length", "P101Y"], db: db,
      status: 64,
      error: "--non-renewing-length P101Y: longer than P100Y\n"
        + "usage: storeterm [<command>] [options]   (storeterm --help lists them)\n")
  }

  @Test func anEmptyProductIDIsRefused() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let config = try HostileFixture.catalog(
      replacing: "\"productID\" : \"dev.storeterm.demo.coins.100\"", with: "\"productID\" : \"\"",
      in: folder)
    await HostileFixture.expectRefusal(
      ["purchase", "", "--config", config], db: db,
      error: "\(config): products[0].productID: a product ID cannot be empty\n")
  }

  @Test func invalidUTF8IsRefusedWithThePath() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    var bytes = Array(try Data(contentsOf: TestPaths.demoCatalog))
    let name = Array("100 Coins".utf8)
    let at = (0...(bytes.count - name.count)).first {
      Array(bytes[$0..<($0 + name.count)]) == name
    }!
    bytes.insert(contentsOf: [0xFF, 0xFE], at: at + 4)
    let config = folder.appending(path: "Broken.storekit").path
    try Data(bytes).write(to: URL(fileURLWithPath: config))
    await HostileFixture.expectRefusal(
      ["purchase", "dev.storeterm.demo.coins.100", "--config", config], db: db,
      error: "\(config): not valid JSON: invalid UTF-8 in a string at line 48, column 40\n")
  }

  @Test func looseModesAreTightenedWithAWarning() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let key = folder.appending(path: "ca/leaf.key.pem").path
    let authority = folder.appending(path: "ca").path
    chmod(key, 0o644)
    chmod(authority, 0o777)
    chmod(db, 0o644)
    let run = await runStoreTerm(["balances", "--db", db])
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "storeterm: warning: \(authority): mode 0777 let others read it; changed to 0700\n"
        + "storeterm: warning: \(key): mode 0644 let others read it; changed to 0600\n"
        + "storeterm: warning: \(db): mode 0644 let others read it (with its -wal and -shm);"
        + " changed to 0600\n")
    for (path, mode) in [(key, 0o600), (authority, 0o700), (db, 0o600)] {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? Int) == mode)
    }
  }

  @Test func readingCommandsCreateNothing() async throws {
    let folder = try HostileFixture.folder()
    let missing = folder.appending(path: "no/such/dir/x.sqlite").path
    for command in [["products"], ["balances"], ["transactions"], ["status"], ["customers"]] {
      let run = await runStoreTerm(command + ["--db", missing])
      #expect(run.status == 0, "\(command): \(run.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "no").path))
    // A file that is not a database is refused and left alone, with no -wal or -shm beside it.
    let notADatabase = folder.appending(path: "notes.sqlite").path
    try Data(String(repeating: "not a database ", count: 100).utf8).write(
      to: URL(fileURLWithPath: notADatabase))
    let refused = await runStoreTerm([
      "purchase", "dev.storeterm.demo.lifetime", "--db", notADatabase,
    ])
    #expect(refused.status == 1)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "notes.sqlite"
      ])
  }
}
