import Foundation
import StoreCore

/// The customer's purchase of the app itself, as the App Store signed it.
public struct AppTransaction: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
  let payload: JWSAppTransactionDecodedPayload
  let jws: String

  init(payload: JWSAppTransactionDecodedPayload, jws: String) {
    self.payload = payload
    self.jws = jws
  }

  /// Two values are equal when they are the same signed app transaction.
  public static func == (lhs: AppTransaction, rhs: AppTransaction) -> Bool { lhs.jws == rhs.jws }
  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(jws) }

  /// The payload as JSON bytes with Apple's field names.
  public var jsonRepresentation: Data { Data(payload.jsonBytes()) }
  /// The JSON representation, readable.
  public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }

  /// The app's App Store identifier (nil outside production).
  public var appID: UInt64? { payload.appAppleId.flatMap(UInt64.init(exactly:)) }
  /// The app transaction's identifier.
  public var appTransactionID: String { payload.appTransactionId ?? "" }
  /// The version of the app running now.
  public var appVersion: String { payload.applicationVersion }
  /// The App Store's identifier of that version (nil outside production).
  public var appVersionID: UInt64? {
    payload.versionExternalIdentifier.flatMap(UInt64.init(exactly:))
  }
  /// The app's bundle ID.
  public var bundleID: String { payload.bundleId }
  /// The environment that signed it.
  public var environment: AppStore.Environment { AppStore.Environment(payload.receiptType) }
  /// The version the customer first got.
  public var originalAppVersion: String { payload.originalApplicationVersion }
  /// When the customer first got the app.
  public var originalPurchaseDate: Date { Date(epochMilliseconds: payload.originalPurchaseDate) }
  /// The platform of the customer's first purchase of the app.
  public var originalPlatform: AppStore.Platform {
    AppStore.Platform(rawValue: payload.originalPlatform?.rawValue ?? "iOS")
  }
  /// When the customer pre-ordered the app, if they did.
  public var preorderDate: Date? { payload.preorderDate.map(Date.init(epochMilliseconds:)) }
  /// The device verification hash.
  public var deviceVerification: Data { payload.deviceVerification }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { payload.deviceVerificationNonce }
  /// When the App Store signed it.
  public var signedDate: Date {
    Date(epochMilliseconds: payload.signedDate ?? payload.receiptCreationDate)
  }

  /// When the App Store revoked the customer's purchase of the app; nil while it stands.
  public var revocationDate: Date? { payload.revocationDate.map(Date.init(epochMilliseconds:)) }
  /// The store the customer got the app from.
  public var storeType: AppTransaction.StoreType {
    AppTransaction.StoreType(rawValue: payload.storeType ?? StoreType.consumer.rawValue)
  }
  /// `storeType` as the App Store sends it.
  @available(*, deprecated, message: "Use storeType")
  public var storeTypeStringRepresentation: String { storeType.rawValue }
  /// `originalPlatform` as the App Store sends it.
  @available(*, deprecated, message: "Use originalPlatform")
  public var originalPlatformStringRepresentation: String { originalPlatform.rawValue }

  /// The app transaction, verified: the one signed at the first read, until ``refresh()``.
  ///
  /// - Throws: `StoreKitError` (a simulated App Transaction failure).
  public static var shared: VerificationResult<AppTransaction> {
    get async throws {
      await StoreKitRuntime.roundTrip()
      let configuration = try StoreKitRuntime.configuration()
      let signed = try StoreKitRuntime.call(.appTransaction) {
        try AppTransactionCache.shared(configuration)
      }
      return StoreKitRuntime.verify(signed, with: configuration)
    }
  }

  /// Asks the App Store for a fresh app transaction, which `shared` returns from then on.
  public static func refresh() async throws -> VerificationResult<AppTransaction> {
    await StoreKitRuntime.roundTrip()
    let configuration = try StoreKitRuntime.configuration()
    let signed = try StoreKitRuntime.call(.appTransaction) {
      try AppTransactionCache.refresh(configuration)
    }
    return StoreKitRuntime.verify(signed, with: configuration)
  }
}
