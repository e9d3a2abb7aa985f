/// The kinds of signed data storeterm produces, named as the oracle's `--kind` names them.
public enum SignedPayloadKind: String, Sendable, Equatable, CaseIterable {
  /// A `JWSTransactionDecodedPayload`.
  case transaction
  /// A `JWSRenewalInfoDecodedPayload`.
  case renewal
  /// A `JWSAppTransactionDecodedPayload`.
  case appTransaction = "app-transaction"
  /// A `ResponseBodyV2DecodedPayload` (an App Store Server Notification V2).
  case notification
  /// A `DecodedRealtimeRequestBody` (the App Store's call to a Get Retention Message endpoint).
  case realtimeRequest = "realtime-request"
}
