import Foundation
import StoreCore
import Testing

/// A payload's history form, made when a ledger writes the row, must read back to the facts and
/// the bytes to sign that reading the payload itself gives; any other text is not a form.
@Suite("History forms of stored transaction payloads")
struct TransactionHistoryFormTests {
  /// 2025-12-01T00:00:00Z, the new `signedDate`.
  static let now: Int64 = 1_764_547_200_000

  /// The payload `form` holds, read as a ledger reads the column.
  static func read(_ form: String) -> StoredTransactionPayload? {
    var form = form
    return form.withUTF8(StoredTransactionPayload.init(historyForm:))
  }

  @Test func everyProductTypeReadsBackToItsFactsAndItsServerBytes() throws {
    for type in InAppProductType.allCases {
      for revoked in [false, true] {
        var payload = Samples.transaction(type)
        payload.revocationDate = revoked ? Samples.signedDate + Samples.day : nil
        let stored = try StoredTransactionPayload(jsonBytes: payload.jsonBytes())
        let form = try #require(stored.historyForm)
        let read = try #require(Self.read(form))
        #expect(read.facts == stored.facts)
        #expect(read.serverJSON(signedDate: Self.now) == stored.serverJSON(signedDate: Self.now))
        #expect(
          try JWSTransactionDecodedPayload(jsonBytes: read.serverJSON(signedDate: Self.now))
            == payload.asServerSends(signedDate: Self.now))
        // A form read back has the same form.
        #expect(read.historyForm == form)
      }
    }
  }

  @Test func theFormIsTheFactsOnLinesThenTheServerJSONWithoutTheDate() throws {
    var payload = Samples.transaction(.autoRenewableSubscription)
    payload.revocationDate = 1_764_590_400_000
    let form = try #require(
      try StoredTransactionPayload(jsonBytes: payload.jsonBytes()).historyForm)
    let lines = form.split(separator: "\n", maxSplits: 11, omittingEmptySubsequences: false)
      .map(String.init)
    let group = "=" + (payload.subscriptionGroupIdentifier ?? "")
    let expected: [String] = [
      "1", "2000000000000002", String(payload.purchaseDate), "1764590400000", "Xcode",
      "Auto-Renewable Subscription", "PURCHASED", Samples.bundleId, payload.productId, group,
    ]
    #expect(Array(lines.prefix(10)) == expected)
    #expect(group.count > 1)
    let json = String(lines[11])
    let dateAt = try #require(Int(lines[10]))
    let cut = json.utf8.index(json.utf8.startIndex, offsetBy: dateAt)
    // The date's value goes right after its name; device verification is left out.
    #expect(json[..<cut].hasSuffix("\"signedDate\":"))
    #expect(!json.contains("deviceVerification"))
    #expect(!json.contains("1764504000000"))
    // Nothing else of the payload is missing.
    var spliced = json
    spliced.insert(contentsOf: String(Self.now), at: cut)
    #expect(
      try JWSTransactionDecodedPayload(jsonBytes: Array(spliced.utf8))
        == payload.asServerSends(signedDate: Self.now))
  }

  @Test func aConsumableHasNoGroupAndNoRevocation() throws {
    let form = try #require(
      try StoredTransactionPayload(jsonBytes: Samples.transaction(.consumable).jsonBytes())
        .historyForm)
    let lines = form.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[3] == "-")
    #expect(lines[9] == "-")
    #expect(Self.read(form)?.facts.subscriptionGroupIdentifier == nil)
    #expect(Self.read(form)?.facts.revocationDate == nil)
  }

  @Test func aPayloadDecodedWholeHasNoForm() throws {
    // Escapes in a string: not the writer's shape.
    let text = String(decoding: Samples.transaction(.consumable).jsonBytes(), as: UTF8.self)
      .replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"\\n")
    let stored = try StoredTransactionPayload(jsonBytes: Array(text.utf8))
    #expect(stored.historyForm == nil)
    #expect(StoredTransactionPayload(Samples.transaction(.consumable)).historyForm == nil)
  }

  @Test(
    "text that is not a form reads as none",
    arguments: [
      { _ in "" },
      { $0.replacingOccurrences(of: "1\n", with: "2\n", options: .anchored) },
      { String($0.prefix(40)) },
      { $0.replacingOccurrences(of: "\nXcode\n", with: "\nTestFlight\n") },
      { $0.replacingOccurrences(of: "\nPURCHASED\n", with: "\npurchased\n") },
      { $0.replacingOccurrences(of: "\n-\n", with: "\n+\n") },
      { $0.replacingOccurrences(of: "\n-\n", with: "\n--\n") },
      { $0.replacingOccurrences(of: "\n2000000000000002\n", with: "\n-2000000000000002\n") },
      { $0.replacingOccurrences(of: "\n2000000000000002\n", with: "\n99999999999999999999\n") },
      { $0.replacingOccurrences(of: "\n2000000000000002\n", with: "\n2e15\n") },
      { String($0.dropLast()) },
      { $0.replacingOccurrences(of: "\n{", with: "\n[") },
      { text in
        // The date's offset past the end of the JSON.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[10] = String(text.utf8.count)
        return lines.joined(separator: "\n")
      },
    ] as [@Sendable (String) -> String])
  func notForms(edit: @Sendable (String) -> String) throws {
    let form = try #require(
      try StoredTransactionPayload(jsonBytes: Samples.transaction(.consumable).jsonBytes())
        .historyForm)
    let edited = edit(form)
    #expect(edited != form)
    #expect(Self.read(edited) == nil)
  }
}
