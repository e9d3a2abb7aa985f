import StoreCore

/// A revision token: where the previous page ended, as a (date, transaction ID) position in
/// the page order, so a walk never repeats or skips an item even while new ones arrive.
///
/// The token is opaque to clients, as Apple's is: `base64url("r1:" + date + ":" + id)`.
struct HistoryRevision: Equatable, Sendable {
  /// The sort date (purchase or revocation date, epoch ms) of the last item sent.
  var date: Int64
  /// The transaction ID of the last item sent.
  var transactionID: UInt64

  init(date: Int64, transactionID: UInt64) {
    self.date = date
    self.transactionID = transactionID
  }

  /// Decodes a token; nil when it is not one this server issued.
  init?(token: String) {
    guard token.utf8.count <= 128, let bytes = Base64.urlDecode(Array(token.utf8)) else {
      return nil
    }
    let parts = String(decoding: bytes, as: UTF8.self).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "r1", let date = Int64(parts[1]),
      let id = UInt64(parts[2])
    else { return nil }
    self.init(date: date, transactionID: id)
  }

  /// The token.
  var token: String {
    // Appended, not interpolated: interpolation's generic path was 3% of a History request.
    var text = "r1:"
    text += String(date)
    text += ":"
    text += String(transactionID)
    return Base64.urlEncode(Array(text.utf8))
  }

  /// The position, as a read's cursor resumes from it.
  var position: TransactionHistoryCursor.Position {
    TransactionHistoryCursor.Position(date: date, id: transactionID)
  }

  /// The revision a page answers with: its last item's position, or, when it sends nothing,
  /// where the request resumed (before everything when it started).
  init(
    after last: TransactionHistoryCursor.Position?, resuming revision: HistoryRevision?,
    descending: Bool
  ) {
    if let last {
      self.init(date: last.date, transactionID: last.id)
    } else if let revision {
      self = revision
    } else {
      self.init(date: descending ? .max : .min, transactionID: descending ? .max : 0)
    }
  }
}
