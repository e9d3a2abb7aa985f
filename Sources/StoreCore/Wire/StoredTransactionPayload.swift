/// A transaction payload as a ledger stores it, read for the App Store Server API: the facts
/// its history endpoints decide on, and the payload to sign again as the server sends it
/// (``JWSTransactionDecodedPayload/asServerSends(signedDate:)``).
///
/// A history page signs every transaction of a customer again, and decoding each payload whole
/// to write it back out was a fifth of a request at 1,000,000 transactions. Text of the shape
/// storeterm's writer produces — ASCII, no escapes, no `null`, each member a known one, once,
/// every required member present — is read only for its facts and signed again from its own
/// bytes, `signedDate`'s value replaced and the device verification members left out. Any other
/// text is decoded whole, so its errors are the decoder's.
///
/// The members that are not facts are copied unread: a ledger stores only what its signer wrote.
public struct StoredTransactionPayload: Sendable, Equatable {
  /// What the history endpoints filter, order and page by.
  public let facts: TransactionHistoryFacts
  private let source: Source

  private enum Source: Sendable, Equatable {
    /// The text, where `signedDate`'s value lies in it, and the spans to leave out.
    case text([UInt8], signedDate: Range<Int>, omitted: [Range<Int>])
    case decoded(JWSTransactionDecodedPayload)
  }

  /// A payload already decoded.
  public init(_ payload: JWSTransactionDecodedPayload) {
    facts = TransactionHistoryFacts(payload)
    source = .decoded(payload)
  }

  /// Reads a payload's JSON text.
  ///
  /// - Throws: the error ``JWSTransactionDecodedPayload/init(jsonBytes:)`` throws for it.
  public init(jsonBytes bytes: [UInt8]) throws(WireDecodingError) {
    if let read = Self.readText(bytes) {
      self = read
    } else {
      self.init(try JWSTransactionDecodedPayload(jsonBytes: bytes))
    }
  }

  private init(facts: TransactionHistoryFacts, source: Source) {
    self.facts = facts
    self.source = source
  }

  /// The JSON text the App Store Server API signs for this transaction at `signedDate`.
  public func serverJSON(signedDate: Int64) -> [UInt8] {
    switch source {
    case .decoded(let payload):
      return payload.asServerSends(signedDate: signedDate).jsonBytes()
    case .text:
      return assembled(date: Array(String(signedDate).utf8)).json
    }
  }

  /// The form a ledger keeps beside the stored JWS (``TransactionHistoryForm``), read back by
  /// ``init(historyForm:)``; nil for a payload not of the writer's shape, which is read from
  /// its JWS every time.
  public var historyForm: String? {
    guard case .text = source else { return nil }
    let (json, dateAt) = assembled(date: [])
    return TransactionHistoryForm.encode(facts: facts, json: json, dateAt: dateAt)
  }

  /// The payload a ``historyForm`` holds; nil for text that is not one.
  public init?(historyForm text: UnsafeBufferPointer<UInt8>) {
    guard let (facts, json, dateAt) = TransactionHistoryForm.decode(text) else { return nil }
    self.init(facts: facts, source: .text(json, signedDate: dateAt..<dateAt, omitted: []))
  }

  /// The text's server JSON with `date` as `signedDate`'s value, and where that value starts.
  private func assembled(date: [UInt8]) -> (json: [UInt8], dateAt: Int) {
    guard case .text(let bytes, let dateValue, let omitted) = source else { return ([], 0) }
    var json: [UInt8] = []
    json.reserveCapacity(bytes.count + date.count)
    if omitted.isEmpty {
      // A form's JSON, or a payload without device verification members: one cut.
      json.append(contentsOf: bytes[..<dateValue.lowerBound])
      json.append(contentsOf: date)
      json.append(contentsOf: bytes[dateValue.upperBound...])
      return (json, dateValue.lowerBound)
    }
    // The spans do not overlap; the date's value is never inside an omitted member.
    var cuts = omitted.map { (span: $0, replacement: [UInt8]()) }
    cuts.append((dateValue, date))
    cuts.sort { $0.span.lowerBound < $1.span.lowerBound }
    var offset = 0
    var dateAt = 0
    for cut in cuts {
      json.append(contentsOf: bytes[offset..<cut.span.lowerBound])
      if cut.span == dateValue { dateAt = json.count }
      json.append(contentsOf: cut.replacement)
      offset = cut.span.upperBound
    }
    json.append(contentsOf: bytes[offset...])
    return (json, dateAt)
  }

  /// The payload read from text of the writer's shape, or nil for any other text.
  private static func readText(_ bytes: [UInt8]) -> Self? {
    var fields = JWSTransactionPayloadFields()
    var seen: UInt64 = 0
    var signedDate: Range<Int>?
    var omitted: [Range<Int>] = []
    // A member left out takes the comma before it with it; members left out before any kept
    // one take the comma after them, up to the first kept member's name.
    var previousEnd = 0
    var leadingStart: Int?
    var keptAny = false
    let names = JWSTransactionPayloadMember.names
    var next = 0
    let read = bytes.withUnsafeBufferPointer { buffer in
      JSONFlatObjectReader.members(buffer) { span in
        guard let (member, ordinal) = names.lookUp(span.name, expecting: &next),
          seen & 1 << ordinal == 0, buffer[span.value.lowerBound] != UInt8(ascii: "n")
        else { return false }
        seen |= 1 << ordinal
        defer { previousEnd = span.value.upperBound }
        if member == .deviceVerification || member == .deviceVerificationNonce {
          if keptAny {
            omitted.append(previousEnd..<span.value.upperBound)
          } else if leadingStart == nil {
            leadingStart = span.start
          }
          return true
        }
        if !keptAny, let leadingStart { omitted.append(leadingStart..<span.start) }
        keptAny = true
        // The facts, and `signedDate` (whose value is replaced), are read by the decoder's rule.
        if member == .signedDate { signedDate = span.value }
        guard member == .signedDate || TransactionHistoryFacts.isFact(member) else { return true }
        let text = UnsafeBufferPointer(rebasing: buffer[span.value])
        guard let value = JSONFlatObjectReader.value(text) else { return false }
        return (try? fields.read(member, value)) != nil
      }
    }
    guard read, keptAny,
      seen & JWSTransactionPayloadMember.requiredBits == JWSTransactionPayloadMember.requiredBits,
      let signedDate, let facts = TransactionHistoryFacts(fields)
    else { return nil }
    return Self(facts: facts, source: .text(bytes, signedDate: signedDate, omitted: omitted))
  }
}
