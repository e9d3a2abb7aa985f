import Foundation
import StoreCore
import StoreJWS

/// Verifies imported signed items against one trusted root and summarizes what each carries.
///
/// A notification is verified as a whole and its embedded transaction and renewal info are
/// verified again as items of their own, so each can be filed (and trusted) independently.
struct ImportVerification {
  /// The verifier trusting only the root given with `--root`.
  let verifier: SignedDataVerifier

  /// The items for `candidates`, embedded ones right after their notification.
  func items(_ candidates: [ImportFile.Candidate]) -> [ImportedItem] {
    var items: [ImportedItem] = []
    for candidate in candidates {
      let kind = candidate.kind ?? Self.kind(of: candidate.jws)
      switch kind {
      case .transaction: items.append(transaction(candidate.jws))
      case .renewalInfo: items.append(renewal(candidate.jws))
      case .notification:
        let (item, embedded) = notification(candidate.jws)
        items.append(item)
        if let jws = embedded.transaction { items.append(transaction(jws)) }
        if let jws = embedded.renewal { items.append(renewal(jws)) }
      }
    }
    return items
  }

  /// A raw line's kind, from the members its payload has.
  static func kind(of jws: String) -> ImportedItem.Kind {
    guard let bytes = CompactJWSPayload.bytes(of: jws), let value = try? JSONParser.parse(bytes)
    else { return .transaction }
    if value["notificationType"] != nil { return .notification }
    if value["autoRenewProductId"] != nil || value["autoRenewStatus"] != nil { return .renewalInfo }
    return .transaction
  }

  private func failure<P>(_ report: VerificationReport<P>) -> String? {
    guard let error = report.error else { return nil }
    return "\(error.name): \(report.reason ?? "verification failed")"
  }

  private func transaction(_ jws: String) -> ImportedItem {
    let report = verifier.report(jws, as: JWSTransactionDecodedPayload.self)
    let payload = report.payload
    return ImportedItem(
      kind: .transaction, jws: jws, failure: failure(report),
      transactionID: payload?.transactionId, originalID: payload?.originalTransactionId,
      appAccountToken: payload?.appAccountToken, productID: payload?.productId,
      storefront: payload?.storefront, signedDate: payload?.signedDate)
  }

  private func renewal(_ jws: String) -> ImportedItem {
    let report = verifier.report(jws, as: JWSRenewalInfoDecodedPayload.self)
    let payload = report.payload
    return ImportedItem(
      kind: .renewalInfo, jws: jws, failure: failure(report),
      originalID: payload?.originalTransactionId, appAccountToken: payload?.appAccountToken,
      productID: payload?.productId, signedDate: payload?.signedDate)
  }

  private func notification(_ jws: String) -> (
    ImportedItem, (transaction: String?, renewal: String?)
  ) {
    let report = verifier.report(jws, as: ResponseBodyV2DecodedPayload.self)
    let data = report.payload?.data
    let embedded = data?.signedTransactionInfo
      .flatMap(CompactJWSPayload.bytes(of:))
      .flatMap { try? JWSTransactionDecodedPayload(jsonBytes: $0) }
    let item = ImportedItem(
      kind: .notification, jws: jws, failure: failure(report),
      transactionID: embedded?.transactionId, originalID: embedded?.originalTransactionId,
      appAccountToken: embedded?.appAccountToken, productID: embedded?.productId,
      storefront: embedded?.storefront, signedDate: report.payload?.signedDate)
    return (item, (data?.signedTransactionInfo, data?.signedRenewalInfo))
  }
}

/// Loads the root certificate named by `--root`: DER, or PEM text.
enum RootCertificateFile {
  static func load(_ path: String) throws -> Certificate {
    let bytes = try FileInput.read(path, limit: 1 << 20)
    let text = String(decoding: bytes, as: UTF8.self)
    if text.contains("-----BEGIN CERTIFICATE-----") {
      let body = text.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1]
        .components(separatedBy: "-----END CERTIFICATE-----")[0]
        .filter { !$0.isWhitespace }
      guard let der = Base64.decode(Array(body.utf8)), let certificate = Certificate(der: der)
      else { throw CommandFailure("\(path): the PEM block is not an X.509 certificate") }
      return certificate
    }
    guard let certificate = Certificate(der: bytes) else {
      throw CommandFailure("\(path): not an X.509 certificate in DER or PEM form")
    }
    return certificate
  }
}
