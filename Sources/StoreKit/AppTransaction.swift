import Foundation

/// The customer's purchase of the app itself: StoreKit's `AppTransaction`.
public struct AppTransaction: Sendable, Equatable {
  /// The signed payload behind it.
  public let payload: JWSAppTransactionDecodedPayload
  /// The compact JWS the App Store signed.
  public let jwsRepresentation: String

  /// The app's bundle ID.
  public var bundleID: String { payload.bundleId }
  /// The version of the app running now.
  public var appVersion: String { payload.applicationVersion }
  /// The version the customer first got.
  public var originalAppVersion: String { payload.originalApplicationVersion }
  /// When the customer first got the app.
  public var originalPurchaseDate: Date { Date(epochMilliseconds: payload.originalPurchaseDate) }
  /// The environment that signed it.
  public var environment: AppStoreEnvironment { payload.receiptType }
  /// When the App Store signed it.
  public var signedDate: Date {
    Date(epochMilliseconds: payload.signedDate ?? payload.receiptCreationDate)
  }
  /// The device verification hash.
  public var deviceVerification: Data { payload.deviceVerification }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { payload.deviceVerificationNonce }

  /// The app transaction, verified.
  public static var shared: VerificationResult<AppTransaction> {
    get async throws {
      let configuration = try StoreKitRuntime.configuration()
      let signed = try configuration.engine.appTransaction(customerID: configuration.customerID)
      return verify(signed, with: configuration)
    }
  }

  /// Asks the App Store for a fresh app transaction.
  public static func refresh() async throws -> VerificationResult<AppTransaction> {
    try await shared
  }

  private static func verify(
    _ signed: SignedAppTransaction, with configuration: StoreKitRuntime.Configuration
  ) -> VerificationResult<AppTransaction> {
    switch configuration.verifier.verify(signed.jws, as: JWSAppTransactionDecodedPayload.self) {
    case .success(.verified(let payload)):
      return .verified(AppTransaction(payload: payload, jwsRepresentation: signed.jws))
    case .success(.unverified(let payload, let error)):
      return .unverified(AppTransaction(payload: payload, jwsRepresentation: signed.jws), error)
    case .failure(let error):
      return .unverified(
        AppTransaction(payload: signed.payload, jwsRepresentation: signed.jws), error)
    }
  }
}

extension Transaction {
  /// StoreKit's `Transaction.RefundRequestError`.
  public typealias RefundRequestError = StoreCore.RefundRequestError

  /// How a refund request ended: StoreKit's `Transaction.RefundRequestStatus`.
  public enum RefundRequestStatus: Sendable, Hashable {
    /// The request was sent to the App Store.
    case success
    /// The customer cancelled the sheet.
    case userCancelled
  }

  /// Asks the App Store to refund this transaction; the App Store decides later.
  public func beginRefundRequest() async throws -> RefundRequestStatus {
    try await Self.beginRefundRequest(for: id)
  }

  /// Asks the App Store to refund transaction `transactionID`.
  public static func beginRefundRequest(for transactionID: UInt64) async throws
    -> RefundRequestStatus
  {
    let configuration = try StoreKitRuntime.configuration()
    try configuration.engine.requestRefund(transactionID)
    return .success
  }
}

extension AppStore {
  /// Shows the manage-subscriptions sheet (a simulated failure is the only visible outcome here).
  public static func showManageSubscriptions() async throws {
    try StoreKitRuntime.configuration().engine.showManageSubscriptions()
  }

  /// Shows the offer-code redemption sheet (a simulated failure is the only visible outcome here).
  public static func presentOfferCodeRedeemSheet() async throws {
    try StoreKitRuntime.configuration().engine.presentOfferCodeRedeemSheet()
  }
}
