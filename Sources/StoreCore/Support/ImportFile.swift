/// What `storeterm import` reads: App Store Server API responses, App Store Server
/// Notifications V2 bodies, or raw compact JWS, one per line; turned into the signed items
/// they carry, before any verification.
public enum ImportFile {
  /// One signed item found in a file.
  public struct Candidate: Sendable, Equatable {
    /// The compact JWS.
    public var jws: String
    /// What the file's structure says it is; nil for a raw line (decided from its payload).
    public var kind: ImportedItem.Kind?
    /// Where in the file it was found: `signedTransactions[3]`, `line 2`.
    public var location: String

    /// Creates a candidate.
    public init(jws: String, kind: ImportedItem.Kind?, location: String) {
      self.jws = jws
      self.kind = kind
      self.location = location
    }
  }

  /// A file storeterm cannot read as App Store data.
  public struct FormatError: Error, Equatable, CustomStringConvertible {
    /// One sentence.
    public var description: String
  }

  /// The candidates in `text`: one JSON document (a Get Transaction History, Get Transaction
  /// Info or Get All Subscription Statuses response, or a notification body), or lines that
  /// are each a JSON document or a compact JWS.
  public static func candidates(in text: String) throws(FormatError) -> [Candidate] {
    let trimmed = text.trimmingWhitespace
    if trimmed.first == "{", let value = try? JSONParser.parse(Array(trimmed.utf8)) {
      return try candidates(in: value, prefix: "")
    }
    var result: [Candidate] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw).trimmingWhitespace
      if line.isEmpty || line.hasPrefix("#") { continue }
      let place = "line \(index + 1)"
      if line.first == "{" {
        guard let value = try? JSONParser.parse(Array(line.utf8)) else {
          throw FormatError(description: "\(place) is neither JSON nor a compact JWS")
        }
        result += try candidates(in: value, prefix: place + ": ")
      } else if line.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
        result.append(Candidate(jws: line, kind: nil, location: place))
      } else {
        throw FormatError(description: "\(place) is neither JSON nor a compact JWS")
      }
    }
    return result
  }

  private static func candidates(in value: JSONValue, prefix: String) throws(FormatError)
    -> [Candidate]
  {
    var result: [Candidate] = []
    func add(_ jws: JSONValue?, _ kind: ImportedItem.Kind, _ place: String) {
      if case .string(let text)? = jws {
        result.append(Candidate(jws: text, kind: kind, location: prefix + place))
      }
    }
    if case .array(let items)? = value["signedTransactions"] {
      for (index, item) in items.enumerated() {
        add(item, .transaction, "signedTransactions[\(index)]")
      }
    }
    add(value["signedTransactionInfo"], .transaction, "signedTransactionInfo")
    add(value["signedRenewalInfo"], .renewalInfo, "signedRenewalInfo")
    add(value["signedPayload"], .notification, "signedPayload")
    if case .array(let groups)? = value["data"] {
      for (groupIndex, group) in groups.enumerated() {
        guard case .array(let last)? = group["lastTransactions"] else { continue }
        for (index, item) in last.enumerated() {
          let place = "data[\(groupIndex)].lastTransactions[\(index)]."
          add(item["signedTransactionInfo"], .transaction, place + "signedTransactionInfo")
          add(item["signedRenewalInfo"], .renewalInfo, place + "signedRenewalInfo")
        }
      }
    }
    guard !result.isEmpty else {
      throw FormatError(
        description: "\(prefix)no signedTransactions, signedTransactionInfo, signedRenewalInfo,"
          + " signedPayload or data[].lastTransactions found")
    }
    return result
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
