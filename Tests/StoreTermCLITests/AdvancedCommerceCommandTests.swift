import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// `storeterm purchase GENERIC --signed-request FILE`: an Advanced Commerce one-time charge
/// from the command line, through `AdvancedCommerceProduct.purchase(compactJWS:)`.
@Suite struct AdvancedCommerceCommandTests {
  static let fixture = TestPaths.packageRoot.appending(
    path: "Tests/Fixtures/AdvancedCommerce.storekit")
  static let generic = "dev.storeterm.commerce.generic"

  @Test func aSignedRequestBuysItsItemAndABadOneChangesNothing() async throws {
    let server = try DeveloperServer.make()
    let config = try server.configuration(from: Self.fixture)
    let folder = config.deletingLastPathComponent()
    let common = [
      "--db", folder.appending(path: "ledger.sqlite").path, "--config", config.path, "--json",
    ]
    let request = DeveloperServer.oneTimeCharge(
      sku: "BOOK-1984", displayName: "Nineteen Eighty-Four", description: "A novel, e-book",
      price: 2990, reference: UUID())
    let good = folder.appending(path: "good.jws")
    try Data(
      try server.sign(request, bundleID: SignedDataConfiguration.defaultBundleId).utf8
    ).write(to: good)
    let bought = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", good.path] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    let transaction = try #require(try JSONParser.parse(bought.standardOutput)["transaction"])
    #expect(transaction["productId"] == .string(Self.generic))
    #expect(transaction["price"] == .number("2990"))
    let info = try #require(transaction["advancedCommerceInfo"])
    #expect(info["taxExclusivePrice"] == .number("2990"))
    guard case .array(let items)? = info["items"] else {
      Issue.record("advancedCommerceInfo has items: \(bought.standardOutput)")
      return
    }
    #expect(items.map { $0["SKU"] } == [.string("BOOK-1984")])

    let bad = folder.appending(path: "bad.jws")
    try Data(try server.sign(request, bundleID: "com.example.other").utf8).write(to: bad)
    let refused = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", bad.path] + common)
    #expect(refused.status == 1)
    #expect(
      refused.standardError.hasPrefix(
        "storeterm: purchase \(Self.generic): the signed request is refused: "))
    let listed = await runStoreTerm(["transactions", "--json"] + common)
    guard case .array(let all) = try JSONParser.parse(listed.standardOutput) else {
      Issue.record("transactions --json is an array: \(listed.standardOutput)")
      return
    }
    #expect(all.count == 1)
    let mixed = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", good.path, "--quantity", "2"] + common)
    #expect(mixed.status == 64)
    #expect(
      mixed.standardError.hasPrefix(
        "storeterm: --signed-request takes no other purchase option (got --quantity)\n"))
  }

  // The developer's server signs with the In-App Purchase key `server-keys create` wrote;
  // once the key is revoked, its requests are refused.
  @Test func aRequestSignedWithARegisteredServerKeyBuys() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let common = [
      "--db", folder.appending(path: "ledger.sqlite").path, "--config", Self.fixture.path,
      "--json",
    ]
    let created = await runStoreTerm(
      ["server-keys", "create", "--out", folder.appending(path: "key.p8").path] + common)
    #expect(created.status == 0, "\(created.standardError)")
    let answer = try JSONParser.parse(created.standardOutput)
    guard case .string(let keyID)? = answer["keyId"], case .string(let issuer)? = answer["issuerId"]
    else {
      Issue.record("server-keys create names the key: \(created.standardOutput)")
      return
    }
    let key = try P256PrivateKey(
      pem: Array(try Data(contentsOf: folder.appending(path: "key.p8"))))
    let server = DeveloperServer(key: key, keyID: keyID)
    func request(_ sku: String) -> [String: Any] {
      DeveloperServer.oneTimeCharge(
        sku: sku, displayName: "Song", description: "A song", price: 990, reference: UUID())
    }
    let signed = folder.appending(path: "charge.jws")
    try Data(
      try server.sign(
        request("SONG-1"), bundleID: SignedDataConfiguration.defaultBundleId,
        issuer: issuer
      ).utf8
    ).write(to: signed)
    let bought = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", signed.path] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    // Another issuer with the same key ID is not that key's.
    try Data(
      try server.sign(request("SONG-2"), bundleID: SignedDataConfiguration.defaultBundleId).utf8
    ).write(to: signed)
    let otherIssuer = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", signed.path] + common)
    #expect(otherIssuer.status == 1)
    _ = await runStoreTerm(["server-keys", "revoke", keyID] + common)
    try Data(
      try server.sign(
        request("SONG-3"), bundleID: SignedDataConfiguration.defaultBundleId,
        issuer: issuer
      ).utf8
    ).write(to: signed)
    let revoked = await runStoreTerm(
      ["purchase", Self.generic, "--signed-request", signed.path] + common)
    #expect(revoked.status == 1)
    #expect(revoked.standardError.contains("the signed request is refused"))
  }
}
