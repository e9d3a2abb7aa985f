import Foundation
import StoreCore
import StoreJWS

/// The result of StoreKit's verification of signed data: Apple's `VerificationResult`.
@frozen public enum VerificationResult<SignedType> {
  /// The data failed verification; the payload is still there to inspect.
  case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
  /// The data passed verification.
  case verified(SignedType)

  /// The payload when it verified.
  ///
  /// - Throws: the `VerificationError` when it did not.
  public var payloadValue: SignedType {
    get throws {
      switch self {
      case .verified(let value): return value
      case .unverified(_, let error): throw error
      }
    }
  }

  /// The payload, whether or not it verified.
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }

  /// Why signed data failed verification.
  public enum VerificationError: Error, LocalizedError, Equatable, Hashable {
    /// A certificate of the chain was revoked.
    case revokedCertificate
    /// The certificate chain is not valid.
    case invalidCertificateChain
    /// The device verification does not match this device.
    case invalidDeviceVerification
    /// The data is not a valid JWS.
    case invalidEncoding
    /// The signature does not match.
    case invalidSignature
    /// A required property is missing.
    case missingRequiredProperties

    /// A sentence for the developer.
    public var errorDescription: String? {
      switch self {
      case .revokedCertificate: "A certificate in the chain was revoked."
      case .invalidCertificateChain: "The certificate chain is not valid."
      case .invalidDeviceVerification: "The device verification does not match this device."
      case .invalidEncoding: "The signed data is not a valid JWS."
      case .invalidSignature: "The signature does not match the signed data."
      case .missingRequiredProperties: "The signed data lacks a required property."
      }
    }
  }
}

extension VerificationResult.VerificationError {
  /// StoreKit's case for what storeterm's verifier found.
  init(_ error: JWSVerificationError) {
    switch error {
    case .revokedCertificate: self = .revokedCertificate
    case .invalidCertificateChain: self = .invalidCertificateChain
    case .invalidDeviceVerification: self = .invalidDeviceVerification
    case .invalidEncoding: self = .invalidEncoding
    case .invalidSignature: self = .invalidSignature
    case .missingRequiredProperties: self = .missingRequiredProperties
    }
  }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult: CustomDebugStringConvertible
where SignedType: CustomDebugStringConvertible {
  /// The payload's description, marked with the verification outcome.
  public var debugDescription: String {
    switch self {
    case .verified(let value): "verified: \(value.debugDescription)"
    case .unverified(let value, let error): "unverified (\(error)): \(value.debugDescription)"
    }
  }
}

/// The parts of a compact JWS, shared by the three signed types' extensions.
struct CompactJWSParts {
  let jws: String

  private var segments: [Substring] { jws.split(separator: ".", omittingEmptySubsequences: false) }

  private func decoded(_ index: Int) -> Data {
    let parts = segments
    guard parts.indices.contains(index) else { return Data() }
    return Data(Base64.urlDecode(parts[index].utf8) ?? [])
  }

  var headerData: Data { decoded(0) }
  var payloadData: Data { decoded(1) }
  var signatureData: Data { decoded(2) }
  /// `header.payload`, the bytes the signature covers.
  var signedData: Data {
    let parts = segments
    guard parts.count == 3 else { return Data() }
    return Data("\(parts[0]).\(parts[1])".utf8)
  }
}

extension VerificationResult where SignedType == Transaction {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.jws }
  /// The JWS header, decoded from base64url.
  public var headerData: Data { CompactJWSParts(jws: jwsRepresentation).headerData }
  /// The JWS payload, decoded from base64url.
  public var payloadData: Data { CompactJWSParts(jws: jwsRepresentation).payloadData }
  /// The raw signature bytes.
  public var signatureData: Data { CompactJWSParts(jws: jwsRepresentation).signatureData }
  /// The bytes the signature covers.
  public var signedData: Data { CompactJWSParts(jws: jwsRepresentation).signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// The device verification hash.
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.jws }
  /// The JWS header, decoded from base64url.
  public var headerData: Data { CompactJWSParts(jws: jwsRepresentation).headerData }
  /// The JWS payload, decoded from base64url.
  public var payloadData: Data { CompactJWSParts(jws: jwsRepresentation).payloadData }
  /// The raw signature bytes.
  public var signatureData: Data { CompactJWSParts(jws: jwsRepresentation).signatureData }
  /// The bytes the signature covers.
  public var signedData: Data { CompactJWSParts(jws: jwsRepresentation).signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// The device verification hash.
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == AppTransaction {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.jws }
  /// The JWS header, decoded from base64url.
  public var headerData: Data { CompactJWSParts(jws: jwsRepresentation).headerData }
  /// The JWS payload, decoded from base64url.
  public var payloadData: Data { CompactJWSParts(jws: jwsRepresentation).payloadData }
  /// The raw signature bytes.
  public var signatureData: Data { CompactJWSParts(jws: jwsRepresentation).signatureData }
  /// The bytes the signature covers.
  public var signedData: Data { CompactJWSParts(jws: jwsRepresentation).signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// The device verification hash.
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}
