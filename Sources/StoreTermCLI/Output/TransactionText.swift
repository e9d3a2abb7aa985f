import Foundation
import StoreCore

/// How transactions read in text output: one line each, or a table.
enum TransactionText {
  /// `2026-12-01T10:00:00Z`: dates in text output are UTC, so they read the same everywhere.
  static func date(_ milliseconds: Int64) -> String {
    Date(epochMilliseconds: milliseconds).formatted(
      .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
        .timeSeparator(.colon).timeZone(separator: .omitted))
  }

  /// The charged price in its currency, from milliunits: `$4.99`.
  static func price(_ payload: JWSTransactionDecodedPayload, locale: String) -> String {
    guard let price = payload.price, let currency = payload.currency else { return "" }
    return CurrencyText.format(Decimal(price) / 1000, code: currency, locale: locale)
  }

  /// One line: `transaction 3 · Plus Monthly (dev…) · $0.00, 1 week free · expires …`.
  static func line(_ transaction: SignedTransaction, catalog: ProductCatalog) -> String {
    let payload = transaction.payload
    let name = catalog.product(id: payload.productId)?.displayName ?? payload.productId
    var parts = ["transaction \(payload.transactionId)", "\(name) (\(payload.productId))"]
    var price = price(payload, locale: catalog.locale)
    if let offer = payload.offerType {
      price += ", " + offerName(offer)
      if let identifier = payload.offerIdentifier { price += " " + identifier }
    }
    parts.append(price)
    if payload.quantity > 1 { parts.append("quantity \(payload.quantity)") }
    if let expires = payload.expiresDate { parts.append("expires \(date(expires))") }
    if let revoked = payload.revocationDate { parts.append("revoked \(date(revoked))") }
    return parts.joined(separator: " · ")
  }

  /// The transactions as a table; STATUS is each record's ``Standing`` as every screen labels
  /// it (`in grace period`, `refunded, unfinished`, `family shared`).
  static func table(
    _ transactions: [SignedTransaction], records: [TransactionRecord], facts: Access.Facts,
    catalog: ProductCatalog, now: Date
  ) -> String {
    let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var table = TextTable(headers: ["ID", "PRODUCT", "PRICE", "PURCHASED", "EXPIRES", "STATUS"])
    for transaction in transactions {
      let payload = transaction.payload
      let standing = facts.standing(payload, at: now)
      table.rows.append([
        payload.transactionId, payload.productId, price(payload, locale: catalog.locale),
        date(payload.purchaseDate), payload.expiresDate.map(date) ?? "",
        standing.label(
          isFamilyShared: payload.inAppOwnershipType == .familyShared,
          isFinished: byID[transaction.id]?.isFinished ?? true,
          isAssigned: payload.inAppOwnershipType == .assigned),
      ])
    }
    return table.render()
  }

  private static func offerName(_ offer: OfferType) -> String {
    switch offer {
    case .introductoryOffer: "introductory offer"
    case .promotionalOffer: "promotional offer"
    case .offerCode: "offer code"
    case .winBackOffer: "win-back offer"
    }
  }
}
