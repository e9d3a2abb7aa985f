/// A stored transaction payload's history form: its ``TransactionHistoryFacts`` and the JSON the
/// App Store Server API signs for it, with `signedDate`'s value cut out, as one ASCII text a
/// ledger keeps beside the JWS.
///
/// A history page read each payload's facts and cut its server JSON out of the stored JWS again
/// at every request (base64 decoding and a walk over every member: a quarter of a page's
/// handler at 1,000,000 transactions); the form is made once, when the row is written, from the
/// same reading (``StoredTransactionPayload/historyForm``), so a page reads it back in a few
/// hundred nanoseconds and signs what it would have signed.
///
/// The text is lines: the version (`1`), the transaction ID, the purchase date, the revocation
/// date (`-` for none), the environment, the type, the ownership type, the bundle ID, the
/// product ID, the subscription group (`=` and the group, or `-` for none), the offset in the
/// JSON where `signedDate`'s value goes; then the JSON to the end. Only text of the writer's
/// shape has a form, so no string in it holds a line break or any other control character.
enum TransactionHistoryForm {
  /// The form of a payload with `facts`, whose server JSON is `json` with `signedDate`'s value
  /// going at `dateAt`; nil when a fact's text holds a control character.
  static func encode(facts: TransactionHistoryFacts, json: [UInt8], dateAt: Int) -> String? {
    let texts = [
      facts.environment.rawValue, facts.type.rawValue, facts.inAppOwnershipType.rawValue,
      facts.bundleId, facts.productId,
    ]
    let group = facts.subscriptionGroupIdentifier
    guard (texts + [group ?? ""]).allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } })
    else { return nil }
    let lines =
      [
        "1", String(facts.id), String(facts.purchaseDate),
        facts.revocationDate.map(String.init) ?? "-",
      ]
      + texts + [group.map { "=" + $0 } ?? "-", String(dateAt)]
    return lines.joined(separator: "\n") + "\n" + String(decoding: json, as: UTF8.self)
  }

  /// The facts, server JSON and `signedDate` offset a form holds; nil for text that is not one.
  static func decode(_ text: UnsafeBufferPointer<UInt8>) -> (
    facts: TransactionHistoryFacts, json: [UInt8], dateAt: Int
  )? {
    var lines = Lines(text: text)
    guard let version = lines.next(), version.elementsEqual("1".utf8),
      let id = lines.next().flatMap(Self.integer).flatMap(UInt64.init(exactly:)),
      let purchaseDate = lines.next().flatMap(Self.integer),
      let revocation = lines.next(),
      let environment = lines.next().flatMap(AppStoreEnvironment.named),
      let type = lines.next().flatMap(InAppProductType.named),
      let ownership = lines.next().flatMap(InAppOwnershipType.named),
      let bundleId = lines.next().map(Self.string),
      let productId = lines.next().map(Self.string),
      let group = lines.next(), let marker = group.first,
      let dateAt = lines.next().flatMap(Self.integer)
    else { return nil }
    let revocationDate: Int64?
    if revocation.elementsEqual("-".utf8) {
      revocationDate = nil
    } else {
      guard let date = Self.integer(revocation) else { return nil }
      revocationDate = date
    }
    let groupIdentifier: String?
    switch marker {
    case UInt8(ascii: "-") where group.count == 1: groupIdentifier = nil
    case UInt8(ascii: "="): groupIdentifier = Self.string(group.dropFirst())
    default: return nil
    }
    let json = Array(text[lines.offset...])
    guard dateAt >= 0, dateAt <= json.count, json.first == UInt8(ascii: "{"),
      json.last == UInt8(ascii: "}")
    else { return nil }
    let facts = TransactionHistoryFacts(
      id: id, bundleId: bundleId, environment: environment, productId: productId, type: type,
      subscriptionGroupIdentifier: groupIdentifier, inAppOwnershipType: ownership,
      purchaseDate: purchaseDate, revocationDate: revocationDate)
    return (facts, json, Int(dateAt))
  }

  /// A decimal integer, an optional `-` before at most 19 digits; nil for anything else.
  private static func integer(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    var digits = text[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return negative ? -value : value
  }

  /// Text the writer made ASCII; read as UTF-8 all the same, as a damaged row may not be.
  private static func string(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: text, as: UTF8.self)
  }

  /// The lines of a form's head, one at a time; `offset` is where the next one starts.
  private struct Lines {
    let text: UnsafeBufferPointer<UInt8>
    var offset = 0

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
      guard let end = ByteSearch.index(of: UInt8(ascii: "\n"), in: text, from: offset) else {
        return nil
      }
      defer { offset = end + 1 }
      return text[offset..<end]
    }
  }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// The case whose raw value is `text`'s bytes, found without making a string of them.
  fileprivate static func named(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Self? {
    // The lengths tell the cases of these enums apart; the bytes confirm.
    allCases.first { $0.rawValue.utf8.count == text.count && $0.rawValue.utf8.elementsEqual(text) }
  }
}
