import Foundation

/// A transaction as the App Store issued it: the compact JWS and its decoded payload.
public struct SignedTransaction: Sendable, Equatable {
  /// The compact JWS, the source of truth.
  public var jws: String
  /// The decoded payload (what the JWS says).
  public var payload: JWSTransactionDecodedPayload

  /// Pairs a JWS with its payload.
  public init(jws: String, payload: JWSTransactionDecodedPayload) {
    self.jws = jws
    self.payload = payload
  }

  /// The transaction identifier as a number.
  public var id: UInt64 { Self.number(of: payload.transactionId) }

  /// A transaction identifier's text as a number; 0 for text that is not one.
  public static func number(of transactionId: String) -> UInt64 { UInt64(transactionId) ?? 0 }

  /// Whether the App Store refunded or revoked it.
  public var isRevoked: Bool { payload.revocationDate != nil }

  /// The expiration date, for subscriptions.
  public var expirationDate: Date? { payload.expiresDate.map(Date.init(epochMilliseconds:)) }

  /// The purchase date.
  public var purchaseDate: Date { Date(epochMilliseconds: payload.purchaseDate) }
}

extension Date {
  /// The date `milliseconds` after 1970-01-01, as Apple's payloads count time.
  public init(epochMilliseconds milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// Milliseconds since 1970-01-01, rounded down, as Apple's payloads count time.
  public var epochMilliseconds: Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded(.down))
  }
}
