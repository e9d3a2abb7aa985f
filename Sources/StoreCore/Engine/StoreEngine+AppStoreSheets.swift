import Foundation

/// An app transaction as the App Store issued it: the compact JWS and its decoded payload.
public struct SignedAppTransaction: Sendable, Equatable {
  /// The compact JWS.
  public var jws: String
  /// The decoded payload.
  public var payload: JWSAppTransactionDecodedPayload

  /// Pairs a JWS with its payload.
  public init(jws: String, payload: JWSAppTransactionDecodedPayload) {
    self.jws = jws
    self.payload = payload
  }
}

extension StoreEngine {
  /// The app version every app transaction reports: storeterm simulates one build of one app.
  public static let applicationVersion = "1.0"

  /// The customer's signed app transaction (`AppTransaction.shared`): when they first got the
  /// app, signed now.
  public func appTransaction(customerID: String) throws -> SignedAppTransaction {
    if let failure = session.failures[.appTransaction] { throw failure.error }
    let customer = try customer(customerID)
    let now = clock.now()
    let nonce = ids.makeUUID()
    let payload = JWSAppTransactionDecodedPayload(
      receiptType: factory.identity.environment, bundleId: factory.identity.bundleId,
      applicationVersion: Self.applicationVersion,
      receiptCreationDate: now.epochMilliseconds,
      originalPurchaseDate: customer.createdDate.epochMilliseconds,
      originalApplicationVersion: Self.applicationVersion,
      deviceVerification: factory.hasher.deviceVerification(
        nonce: nonce, deviceVerificationID: customer.deviceVerificationID),
      deviceVerificationNonce: nonce, appTransactionId: customer.appTransactionID,
      originalPlatform: .iOS, signedDate: now.epochMilliseconds,
      storeType: JWSAppTransactionDecodedPayload.consumerStoreType)
    return SignedAppTransaction(jws: try signer.sign(payload), payload: payload)
  }

  /// Presents the manage-subscriptions sheet; only a simulated failure can come of it here.
  public func showManageSubscriptions() throws {
    if let failure = session.failures[.manageSubscriptions] { throw failure.error }
  }

  /// Presents the offer-code redemption sheet; only a simulated failure can come of it here.
  public func presentOfferCodeRedeemSheet() throws {
    if let failure = session.failures[.offerCodeRedeem] { throw failure.error }
  }
}
