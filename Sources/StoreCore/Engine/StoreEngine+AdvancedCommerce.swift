import Foundation

extension StoreEngine {
  /// Whether `productID` is an Advanced Commerce generic product of the catalog (what
  /// `AdvancedCommerceProduct(id:)` accepts).
  public func isAdvancedCommerceProduct(_ productID: String) -> Bool {
    Self.isAdvancedCommerceProduct(productID, in: catalog)
  }

  /// Whether `productID` is one of `catalog`'s Advanced Commerce generic products.
  static func isAdvancedCommerceProduct(_ productID: String, in catalog: ProductCatalog) -> Bool {
    catalog.configuration.advancedCommerceProductIDs.contains(productID)
  }

  /// Records a failed purchase and throws `failure`, when a purchase is to fail (a simulated
  /// failure asked for by the session or the options).
  func failIfSimulated(
    _ failure: SimulatedFailure?, customerID: String, productID: String, at now: Date
  ) throws {
    guard let failure else { return }
    try record(
      .failed, customerID: customerID, productID: productID, detail: failure.description, at: now)
    throw failure.error
  }

  /// The bundle ID a developer's signed request must name (`bid`).
  public var bundleID: String { factory.identity.bundleId }

  /// The tax rate storeterm applies to Advanced Commerce charges: none (it simulates no tax
  /// authority), so `taxExclusivePrice` is the item's price and `estimatedTax` is 0.
  public static let advancedCommerceTaxRate = "0.00"

  /// `AdvancedCommerceProduct.purchase(compactJWS:)` for a verified one-time charge request:
  /// charges the customer the request's item price under the generic product `productID`.
  ///
  /// A request whose `requestReferenceId` already made a transaction answers with that
  /// transaction and charges nothing (Apple's documented retry of a timed-out request).
  ///
  /// - Throws: the simulated purchase failure; `StoreEngineError.unknownProduct` when
  ///   `productID` is not an Advanced Commerce generic product of the catalog.
  public func purchaseOneTimeCharge(
    _ productID: String, customerID: String, charge: AdvancedCommerceInAppRequest.OneTimeCharge
  ) throws -> SignedTransaction {
    try ensureCustomer(customerID)
    let now = clock.now()
    let (catalog, session) = (self.catalog, self.session)
    try failIfSimulated(
      session.failures[.purchase], customerID: customerID, productID: productID, at: now)
    guard Self.isAdvancedCommerceProduct(productID, in: catalog),
      let product = catalog.product(id: productID)
    else { throw StoreEngineError.unknownProduct(productID) }
    let nonce = ids.makeUUID()
    let transaction: SignedTransaction = try ledger.change(
      customerID: customerID, scope: .product(productID, group: nil)
    ) { state in
      if let earlier = state.records.lazy.compactMap(\.signed).first(where: {
        $0.payload.advancedCommerceInfo?.requestReferenceId == charge.requestReferenceId
      }) {
        return (LedgerChanges(), earlier)
      }
      let request = PurchaseRequest(quantity: 1, appAccountToken: charge.appAccountToken)
      var record = TransactionRecord(
        id: state.nextID, customerID: customerID, productID: productID, state: .purchased,
        request: request, createdDate: now)
      var payload = factory.purchase(
        id: record.id, product: product, request: request, offer: nil, customer: state.customer,
        storefront: catalog.storefront, date: now, nonce: nonce)
      payload.currency = charge.currency
      payload.price = charge.item.price
      payload.advancedCommerceInfo = AdvancedCommerceTransactionInfo(
        estimatedTax: 0, items: [charge.item], requestReferenceId: charge.requestReferenceId,
        taxCode: charge.taxCode, taxExclusivePrice: charge.item.price,
        taxRate: Self.advancedCommerceTaxRate)
      record.signed = try sign(payload)
      var changes = LedgerChanges()
      changes.inserted.append(record)
      changes.events.append(
        StoreEvent(
          date: now, customerID: customerID, kind: .purchased, transactionID: record.id,
          productID: productID, detail: "Advanced Commerce \(charge.item.sku)"))
      return (changes, record.signed!)
    }
    return transaction
  }

  /// The customer's records of every Advanced Commerce generic product: each of their
  /// transactions entitles on its own (``Access`` keys them by transaction), so the deciding
  /// records, a few per product, do not hold them all.
  func advancedCommerceRecords(customerID: String) throws -> [TransactionRecord] {
    try catalog.configuration.advancedCommerceProductIDs.sorted().flatMap {
      try ledger.records(customerID: customerID, productID: $0)
    }
  }
}
