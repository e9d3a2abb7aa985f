import StoreCore

/// The library side of `storeterm verify [FILE|-]`: one JWS per line in, one JSON line out.
///
/// Each output line is an object with, in order: `line` (1-based input line number), `ok`,
/// `kind` (`transaction`, `renewal`, `app-transaction`, `notification`, or `null` when the token
/// is too broken to tell), `error` (StoreKit's `VerificationError` case name or `null`), `reason`
/// (the failed check in words or `null`) and `payload` (the decoded payload with Apple's field
/// names, or `null`). Blank lines are skipped and produce no output; surrounding whitespace and
/// a trailing `\r` are ignored.
public struct JWSLineVerifier: Sendable {
  private let verifier: SignedDataVerifier

  /// Creates a line verifier over `verifier`.
  public init(verifier: SignedDataVerifier) {
    self.verifier = verifier
  }

  /// The result of a run over many lines.
  public struct Run: Sendable, Equatable {
    /// One JSON line per non-blank input line.
    public var outputLines: [String]
    /// Whether every token verified (the CLI exits 1 otherwise; 0 lines count as not verified).
    public var allVerified: Bool
  }

  /// Verifies every non-blank line of `lines`.
  public func verify(lines: some Sequence<some StringProtocol>) -> Run {
    var output: [String] = []
    var allVerified = true
    for (index, line) in lines.enumerated() {
      let token = line.trimmingASCIIWhitespace()
      if token.isEmpty { continue }
      let (text, ok) = verify(token: token, lineNumber: index + 1)
      output.append(text)
      allVerified = allVerified && ok
    }
    return Run(outputLines: output, allVerified: allVerified && !output.isEmpty)
  }

  /// Verifies one token and returns its JSON line and whether it verified.
  public func verify(token: Substring, lineNumber: Int) -> (line: String, ok: Bool) {
    let kind = Self.detectKind(token)
    let report: (payload: JSONValue?, error: JWSVerificationError?, reason: String?)
    switch kind {
    case .transaction: report = erase(verifier.report(token, as: JWSTransactionDecodedPayload.self))
    case .renewal: report = erase(verifier.report(token, as: JWSRenewalInfoDecodedPayload.self))
    case .appTransaction:
      report = erase(verifier.report(token, as: JWSAppTransactionDecodedPayload.self))
    case .notification:
      report = erase(verifier.report(token, as: ResponseBodyV2DecodedPayload.self))
    case .realtimeRequest:
      report = erase(verifier.report(token, as: DecodedRealtimeRequestBody.self))
    case nil:
      // Run the full check anyway so the error is the same one a typed verify would give.
      let typed = verifier.report(token, as: JWSTransactionDecodedPayload.self)
      report = (nil, typed.error ?? .invalidEncoding, typed.reason)
    }
    let ok = report.error == nil
    let object = JSONValue.object([
      JSONMember("line", .integer(lineNumber)),
      JSONMember("ok", .bool(ok)),
      JSONMember("kind", kind.map { .string($0.rawValue) } ?? .null),
      JSONMember("error", report.error.map { .string($0.name) } ?? .null),
      JSONMember("reason", report.reason.map { .string($0) } ?? .null),
      JSONMember("payload", report.payload ?? .null),
    ])
    return (object.compactText, ok)
  }

  private func erase<Payload>(_ report: VerificationReport<Payload>)
    -> (payload: JSONValue?, error: JWSVerificationError?, reason: String?)
  {
    (report.payload?.jsonValue, report.error, report.reason)
  }

  /// The payload's kind, guessed from the member names only that kind has.
  static func detectKind(_ token: Substring) -> SignedPayloadKind? {
    guard token.utf8.count <= SignedDataVerifier.maximumTokenLength,
      let parts = CompactJWS(parsing: token),
      let json = try? JSONParser.parse(parts.payload), case .object = json
    else { return nil }
    if json["notificationType"] != nil { return .notification }
    if json["receiptType"] != nil { return .appTransaction }
    if json["userLocale"] != nil, json["requestIdentifier"] != nil { return .realtimeRequest }
    if json["transactionId"] != nil { return .transaction }
    if json["autoRenewProductId"] != nil || json["autoRenewStatus"] != nil { return .renewal }
    return nil
  }
}

extension StringProtocol {
  /// The text without leading and trailing ASCII spaces, tabs, CR and LF.
  fileprivate func trimmingASCIIWhitespace() -> Substring {
    let text = Substring(self)
    func isSpace(_ character: Character) -> Bool {
      character == " " || character == "\t" || character == "\r" || character == "\n"
        || character == "\r\n"
    }
    guard let start = text.firstIndex(where: { !isSpace($0) }),
      let end = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return text[start...end]
  }
}
