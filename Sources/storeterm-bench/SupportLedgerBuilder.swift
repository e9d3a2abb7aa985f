import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// Fills a ledger for `storeterm-bench support` by inserting rows directly, in bulk.
///
/// Signing a million transactions would take minutes and measure signing, not support lookups,
/// so each row's JWS carries a real payload between a fixed header and a placeholder signature.
/// The explainer reads the ledger's payloads the way the engine does (the ledger is trusted; it
/// is imported data that gets verified), so lookups cost what they cost on a real ledger.
///
/// Every customer has one Plus Monthly chain of `renewals` transactions (half of them with an
/// app account token, every tenth with auto-renew off), a Lifetime Unlock and a consumable, and
/// one event per transaction.
struct SupportLedgerBuilder {
  let customers: Int
  let transactionsPerCustomer: Int
  let start = Date(timeIntervalSince1970: 1_796_119_200)

  static let firstNames = [
    "Jane", "John", "Akira", "Maria", "Lena", "Omar", "Priya", "Chen", "Sofia", "Lucas", "Amara",
    "Noah", "Yuki", "Elena", "Mateo", "Zoe",
  ]
  static let lastNames = [
    "Doe", "Smith", "Tanaka", "Garcia", "Müller", "Haddad", "Patel", "Wang", "Rossi", "Silva",
    "Okafor", "Jensen", "Sato", "Novak", "Lopez", "Martin", "Kowalski", "Dubois", "Berg", "Ivanova",
  ]
  static let storefronts = ["USA", "DEU", "JPN", "GBR", "FRA", "BRA", "IND", "CAN"]

  /// The name of customer `index`: `Jane Doe`.
  static func name(_ index: Int) -> (first: String, last: String) {
    (firstNames[index % firstNames.count], lastNames[(index / firstNames.count) % lastNames.count])
  }

  /// The app account token of customer `index`, if it has one.
  static func token(_ index: Int) -> UUID? {
    guard index % 2 == 0 else { return nil }
    let hex = String(index, radix: 16)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: "5EED0000-0000-4000-8000-\(padded)")
  }

  /// The original transaction ID of customer `index`'s subscription.
  func originalID(_ index: Int) -> Int64 { Int64(index * transactionsPerCustomer + 1) }

  func build(at path: String) throws -> SQLiteLedger {
    let ledger = try SQLiteLedger(location: .file(path))
    let header = Base64.urlEncode(Array(#"{"alg":"ES256","x5c":[]}"#.utf8))
    let batch = 5_000
    var index = 0
    while index < customers {
      let end = min(customers, index + batch)
      try ledger.queue.write { db in
        for customer in index..<end {
          try insert(customer: customer, header: header, ledger: ledger, db: db)
        }
      }
      index = end
    }
    return ledger
  }

  private func insert(
    customer index: Int, header: String, ledger: SQLiteLedger, db: SQLiteConnection
  ) throws {
    let id = String(format: "c%06d", index)
    let (first, last) = Self.name(index)
    try db.execute(
      """
      INSERT INTO customers (id, name, email, storefront, family_group, device_verification_id,
        created_ms)
      VALUES (?, ?, ?, ?, NULL, ?, ?)
      """,
      [
        .text(id), .text("\(first) \(last)"),
        .text("\(first.lowercased()).\(last.lowercased()).\(index)@example.com"),
        .text(Self.storefronts[index % Self.storefronts.count]),
        .text("00000000-0000-4000-8000-000000000001"), .integer(0),
      ])
    let token = Self.token(index)
    let renewals = transactionsPerCustomer - 2
    let original = originalID(index)
    let month = 30.0 * 86_400
    var payloads: [JWSTransactionDecodedPayload] = []
    for step in 0..<renewals {
      let purchased = start.addingTimeInterval(Double(step) * month)
      payloads.append(
        payload(
          id: original + Int64(step), original: original,
          product: "dev.storeterm.demo.plus.monthly",
          type: .autoRenewableSubscription, purchased: purchased,
          expires: purchased.addingTimeInterval(month), token: token, renewal: step > 0))
    }
    let later = start.addingTimeInterval(Double(renewals) * month / 2)
    payloads.append(
      payload(
        id: original + Int64(renewals), original: original + Int64(renewals),
        product: "dev.storeterm.demo.lifetime", type: .nonConsumable, purchased: later))
    payloads.append(
      payload(
        id: original + Int64(renewals + 1), original: original + Int64(renewals + 1),
        product: "dev.storeterm.demo.coins.100", type: .consumable, purchased: later))
    for payload in payloads {
      let jws = header + "." + Base64.urlEncode(payload.jsonBytes()) + ".c2lnbmF0dXJl"
      // Stored as the ledger stores it: the header once, in `jws_headers`.
      try db.execute(
        """
        INSERT INTO transactions (id, customer_id, product_id, state, quantity, app_account_token,
          offer, jws, jws_header, history_form, original_id, product_type, group_id,
          purchase_date_ms, expires_date_ms, revocation_date_ms, finished, created_ms)
        VALUES (?, ?, ?, 'purchased', 1, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 1, ?)
        """,
        [
          .integer(Int64(payload.transactionId)!), .text(id), .text(payload.productId),
          SQLiteValue(payload.appAccountToken?.uuidString),
        ] + ledger.jwsColumns(storing: jws, db: db) + [
          .integer(Int64(payload.originalTransactionId)!), .text(payload.type.rawValue),
          SQLiteValue(payload.subscriptionGroupIdentifier), .integer(payload.purchaseDate),
          SQLiteValue(payload.expiresDate), .integer(payload.purchaseDate),
        ])
      let kind =
        payload.transactionReason == .renewal
        ? StoreEvent.Kind.renewed.rawValue : StoreEvent.Kind.purchased.rawValue
      try db.execute(
        """
        INSERT INTO events (date_ms, customer_id, kind, transaction_id, product_id, detail)
        VALUES (?, ?, ?, ?, ?, '')
        """,
        [
          .integer(payload.purchaseDate), .text(id), .text(kind),
          .integer(Int64(payload.transactionId)!), .text(payload.productId),
        ])
    }
    let latest = payloads[renewals - 1]
    let state = SubscriptionState(
      originalID: UInt64(original), customerID: id, groupID: "5A1E0001",
      productID: latest.productId, autoRenewProductID: latest.productId,
      willAutoRenew: index % 10 != 0,
      expiresDate: Date(epochMilliseconds: latest.expiresDate!), originalPurchaseDate: start,
      recentStartDate: start, renewalPrice: 4_990, currency: "USD", appAccountToken: token)
    try db.execute(
      """
      INSERT INTO subscriptions (original_id, customer_id, group_id, state_json, renewal_jws,
        next_event_ms)
      VALUES (?, ?, ?, ?, NULL, ?)
      """,
      [
        .integer(original), .text(id), .text("5A1E0001"), .text(state.jsonValue.compactText),
        SQLiteValue(state.nextEventDate?.epochMilliseconds),
      ])
  }

  private func payload(
    id: Int64, original: Int64, product: String, type: InAppProductType, purchased: Date,
    expires: Date? = nil, token: UUID? = nil, renewal: Bool = false
  ) -> JWSTransactionDecodedPayload {
    JWSTransactionDecodedPayload(
      originalTransactionId: String(original), transactionId: String(id),
      bundleId: "dev.storeterm.demo", productId: product,
      subscriptionGroupIdentifier: type == .autoRenewableSubscription ? "5A1E0001" : nil,
      purchaseDate: purchased.epochMilliseconds,
      originalPurchaseDate: start.epochMilliseconds, expiresDate: expires?.epochMilliseconds,
      quantity: 1, type: type, appAccountToken: token, inAppOwnershipType: .purchased,
      signedDate: purchased.epochMilliseconds, environment: .xcode, storefront: "USA",
      storefrontId: "143441", transactionReason: renewal ? .renewal : .purchase,
      currency: "USD", price: 4_990)
  }
}
