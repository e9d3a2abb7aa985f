import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// `storeterm import`: our own signed data round-trips through a Server API response and a
/// notification body; a tampered item is kept, marked unverified, and grants nothing.
@Suite struct ImportTests {
  /// A ledger with one Plus Monthly purchase (transaction 1) and its root certificate in PEM.
  struct Source {
    let directory: URL
    let database: String
    let root: String

    init() async throws {
      directory = try TestPaths.temporaryDirectory()
      database = directory.appending(path: "ledger.sqlite").path
      root = directory.appending(path: "root.pem").path
      let bought = await runStoreTerm([
        "purchase", "dev.storeterm.demo.plus.monthly", "--db", database,
        "--account-token", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
      ])
      #expect(bought.status == 0, "\(bought.standardError)")
      let cert = await runStoreTerm(["cert", "--out", root, "--db", database])
      #expect(cert.status == 0, "\(cert.standardError)")
    }

    func jws(_ id: Int) async throws -> String {
      let run = await runStoreTerm(["jws", String(id), "--db", database])
      #expect(run.status == 0, "\(run.standardError)")
      return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The local CA that signed the ledger's data, to sign a notification body as Apple would.
    var signer: ES256Signer {
      get throws {
        try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path).makeSigner()
      }
    }

    func write(_ text: String, _ name: String) throws -> String {
      let path = directory.appending(path: name).path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  /// A second, empty ledger to import into.
  static func target() throws -> String {
    try TestPaths.temporaryDirectory().appending(path: "support.sqlite").path
  }

  static func customer(_ id: String, db: String) async throws -> JSONValue {
    let run = await runStoreTerm(["customer", id, "--json", "--db", db])
    #expect(run.status == 0, "\(run.standardError)")
    return try JSONParser.parse(run.standardOutput)
  }

  static func entitlements(_ json: JSONValue) -> [String] {
    guard case .array(let items)? = json["entitlements"] else { return [] }
    return items.map { item in
      guard case .string(let id)? = item["id"], case .string(let code)? = item["code"],
        case .bool(let access)? = item["access"]
      else { return "?" }
      return "\(id) \(code) \(access ? "yes" : "no")"
    }
  }

  @Test func ourSignedDataRoundTripsThroughAServerAPIResponseAndANotification() async throws {
    let source = try await Source()
    let purchase = try await source.jws(1)
    let history = try source.write(
      #"{"revision":"1","bundleId":"dev.storeterm.demo","environment":"Xcode","hasMore":false,"signedTransactions":["\#(purchase)"]}"#,
      "history.json")
    let db = try Self.target()
    let imported = await runStoreTerm(["import", history, "--root", source.root, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput
        == "imported 1 item from \(history): 1 verified, 0 unverified, 0 already imported\n"
        + "customers: token:6F9619FF-8B86-D011-B42D-00C04FC964FF\n")
    let key = "token:6F9619FF-8B86-D011-B42D-00C04FC964FF"
    var json = try await Self.customer(key, db: db)
    #expect(
      Self.entitlements(json) == [
        "5A1E0001 active yes", "dev.storeterm.demo.plus.monthly active yes",
      ])
    guard case .array(let transactions)? = json["transactions"] else {
      Issue.record("no transactions")
      return
    }
    #expect(transactions.first?["transactionId"] == .string("1"))
    #expect(
      transactions.first?["appAccountToken"] == .string("6f9619ff-8b86-d011-b42d-00c04fc964ff"))

    // The App Store refunds it and notifies: REFUND with the re-signed transaction.
    let refund = await runStoreTerm(["manage", "refund", "1", "--db", source.database])
    #expect(refund.status == 0, "\(refund.standardError)")
    let refunded = try await source.jws(1)
    let refundedDate = try #require(
      CompactJWSPayload.bytes(of: refunded).flatMap {
        try? JWSTransactionDecodedPayload(jsonBytes: $0)
      }?.revocationDate)
    let body = ResponseBodyV2DecodedPayload(
      notificationType: .refund,
      notificationUUID: UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!,
      data: NotificationData(
        environment: .xcode, bundleId: "dev.storeterm.demo", signedTransactionInfo: refunded),
      version: "2.0", signedDate: refundedDate)
    let notification = try source.write(
      #"{"signedPayload":"\#(try source.signer.sign(body))"}"#, "notification.json")
    let second = await runStoreTerm(["import", notification, "--root", source.root, "--db", db])
    #expect(
      second.standardOutput
        == "imported 2 items from \(notification): 2 verified, 0 unverified, 0 already imported\n"
        + "customers: \(key)\n")
    json = try await Self.customer(key, db: db)
    #expect(
      Self.entitlements(json) == [
        "5A1E0001 refunded no", "dev.storeterm.demo.plus.monthly refunded no",
      ])
    guard case .array(let timeline)? = json["timeline"] else {
      Issue.record("no timeline")
      return
    }
    #expect(timeline.map { $0["name"] } == [.string("SUBSCRIBED/INITIAL_BUY"), .string("REFUND")])
    #expect(timeline.last?["imported"] == .bool(true))

    // Importing the same file again changes nothing.
    let again = await runStoreTerm(["import", notification, "--root", source.root, "--db", db])
    #expect(
      again.standardOutput
        == "imported 0 items from \(notification): 0 verified, 0 unverified, 2 already imported\n")
  }

  @Test func aTamperedItemIsKeptAsUnverifiedAndGrantsNothing() async throws {
    let source = try await Source()
    let genuine = try await source.jws(1)
    let parts = genuine.split(separator: ".").map(String.init)
    var payload = String(decoding: Base64.urlDecode(Array(parts[1].utf8))!, as: UTF8.self)
    payload = payload.replacingOccurrences(
      of: "dev.storeterm.demo.plus.monthly", with: "dev.storeterm.demo.plus.yearly")
    let tampered = [parts[0], Base64.urlEncode(Array(payload.utf8)), parts[2]].joined(
      separator: ".")
    let lines = try source.write(tampered + "\n", "lines.txt")
    let db = try Self.target()
    let imported = await runStoreTerm(["import", lines, "--root", source.root, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput
        == "imported 1 item from \(lines): 0 verified, 1 unverified, 0 already imported\n"
        + "unverified transaction 1: invalidSignature: the signature does not match\n"
        + "customers: token:6F9619FF-8B86-D011-B42D-00C04FC964FF\n")
    let key = "token:6F9619FF-8B86-D011-B42D-00C04FC964FF"
    let json = try await Self.customer(key, db: db)
    #expect(Self.entitlements(json) == ["dev.storeterm.demo.plus.yearly unverified no"])
    #expect(json["transactions"] == .array([]))
    let search = await runStoreTerm(["customers", "--find", "1", "--json", "--db", db])
    let results = try JSONParser.parse(search.standardOutput)
    guard case .array(let matches) = results else {
      Issue.record("not an array")
      return
    }
    #expect(matches.map { $0["id"] } == [.string(key)])
    #expect(matches.first?["activeEntitlements"] == .array([]))
  }

  @Test func dataSignedUnderAnotherRootIsUnverified() async throws {
    let source = try await Source()
    let other = try await Source()
    let jws = try await source.jws(1)
    let lines = try source.write(jws + "\n", "lines.txt")
    let db = try Self.target()
    let run = await runStoreTerm(["import", lines, "--root", other.root, "--db", db])
    #expect(run.standardOutput.contains("0 verified, 1 unverified"))
    #expect(run.standardOutput.contains("unverified transaction 1: invalidCertificateChain: "))
  }

  @Test func aSubscriptionStatusesResponseFilesTransactionAndRenewalInfo() async throws {
    let source = try await Source()
    let jws = try await source.jws(1)
    let status = await runStoreTerm(["status", "--json", "--db", source.database])
    #expect(status.status == 0)
    // Sign the renewal info the status command shows, as the Server API would send it.
    guard case .array(let statuses) = try JSONParser.parse(status.standardOutput),
      let renewal = statuses.first?["renewalInfo"]
    else {
      Issue.record("no status")
      return
    }
    let info = try JWSRenewalInfoDecodedPayload(json: renewal)
    let response = try source.write(
      #"{"environment":"Xcode","bundleId":"dev.storeterm.demo","data":[{"subscriptionGroupIdentifier":"5A1E0001","lastTransactions":[{"status":1,"originalTransactionId":"1","signedTransactionInfo":"\#(jws)","signedRenewalInfo":"\#(try source.signer.sign(info))"}]}]}"#,
      "statuses.json")
    let db = try Self.target()
    let run = await runStoreTerm(["import", response, "--root", source.root, "--db", db])
    #expect(run.standardOutput.hasPrefix("imported 2 items from \(response): 2 verified"))
    let json = try await Self.customer("token:6F9619FF-8B86-D011-B42D-00C04FC964FF", db: db)
    #expect(
      Self.entitlements(json) == [
        "5A1E0001 active yes", "dev.storeterm.demo.plus.monthly active yes",
      ])
    guard case .array(let lines)? = json["entitlements"] else { return }
    // With renewal info the explainer knows it renews.
    if case .string(let sentence)? = lines.last?["reason"] {
      #expect(sentence.hasPrefix("active, renews "))
    }
  }
}
