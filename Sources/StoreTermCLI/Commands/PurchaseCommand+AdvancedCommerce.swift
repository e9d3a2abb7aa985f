import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StorePersistence

extension PurchaseCommand {
  /// The longest signed request file read.
  static let maximumRequestSize = 1 << 20

  /// `storeterm purchase GENERIC --signed-request FILE`: buys what the developer's signed
  /// Advanced Commerce request describes, through `AdvancedCommerceProduct.purchase(compactJWS:)`
  /// as the app calls it, then finishes the transaction as the app does once it delivered.
  @MainActor
  static func buyAdvancedCommerce(_ context: CommandContext, productID: String, path: String)
    async throws
  {
    let others = spec.options.filter { option in
      guard option.name != "signed-request" else { return false }
      return option.valueName == nil
        ? context.parsed.flag(option.name) : context.parsed.value(option.name) != nil
    }
    if let other = others.first {
      throw UsageError("--signed-request takes no other purchase option (got --\(other.name))")
    }
    let text = String(decoding: try FileInput.read(path, limit: maximumRequestSize), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let store = try context.openStore()
    // The developer's server may sign with an In-App Purchase key of `storeterm server-keys`.
    let keys = try context.openServerStores().keys
    var runtime = store.runtime
    runtime.developerKeys = { keyID in
      guard let key = try? keys.key(keyID), key.revokedDate == nil else { return nil }
      return .init(issuerID: key.issuerID, publicKeyDER: key.publicKeyDER)
    }
    let result: Product.PurchaseResult
    do {
      result = try await StoreKitRuntime.withConfiguration(runtime) {
        let product = try await AdvancedCommerceProduct(id: productID)
        return try await product.purchase(compactJWS: text)
      }
    } catch {
      throw CommandFailure("purchase \(productID): \(refusal(error))")
    }
    guard case .success(let verification) = result else {
      throw CommandFailure("purchase \(productID): ended \(result)")
    }
    let transaction = verification.unsafePayloadValue
    await StoreKitRuntime.withConfiguration(store.runtime) { await transaction.finish() }
    guard let signed = try store.engine.record(transaction.id).signed else {
      throw CommandFailure("purchase \(productID): transaction \(transaction.id) is not signed")
    }
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("result", .string("success")),
          JSONMember("transactionId", .string(signed.payload.transactionId)),
          JSONMember("transaction", signed.payload.jsonValue),
        ]).prettyText + "\n")
    } else {
      let items = signed.payload.advancedCommerceInfo?.items.map(\.sku) ?? []
      context.output.write(
        "success: \(TransactionText.line(signed, catalog: store.catalog))"
          + "; items \(items.joined(separator: ", "))\n")
    }
  }

  /// What a refused Advanced Commerce purchase says, in words.
  private static func refusal(_ error: any Error) -> String {
    switch error {
    case StoreKitError.unsupported:
      "not an Advanced Commerce generic product of the catalog (_advancedCommerceProductIDs), or"
        + " a request other than CREATE_ONE_TIME_CHARGE"
    case Product.PurchaseError.invalidOfferSignature:
      "the signed request is refused: not an ES256 JWS of the configuration's"
        + " subscriptionOffersKeyPair or an active server key, for this app's bundle ID,"
        + " audience advanced-commerce-api, with a nonce and an iat within 24 hours"
    case Product.PurchaseError.missingOfferParameters:
      "the signed request lacks what a one-time charge needs (operation, version,"
        + " requestReferenceId, currency, taxCode, item SKU, displayName, description, price)"
    case Product.PurchaseError.invalidOfferPrice:
      "the signed request's currency is not the storefront's"
    default: "\(error)"
    }
  }
}
