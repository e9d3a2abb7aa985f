import CLibCrypto

/// An `X509_STORE` holding the trusted roots, and one strict `X509_verify_cert` run over it.
final class TrustStore: @unchecked Sendable {
  // @unchecked: the store is filled once in init and only read afterwards; libcrypto locks
  // X509_STORE internally for concurrent verifications.
  private let store: OpaquePointer?
  private let roots: [Certificate]

  init(roots: [Certificate]) {
    self.roots = roots
    let store = X509_STORE_new()
    if let store {
      for root in roots { X509_STORE_add_cert(store, root.pointer) }
    }
    self.store = store
  }

  deinit { if let store { X509_STORE_free(store) } }

  /// The verified chain (leaf first, trusted root last) or why there is none.
  func verify(leaf: Certificate, intermediate: Certificate, at date: Int64)
    -> Result<[Certificate], ChainVerifier.Failure>
  {
    guard !roots.isEmpty, let store else {
      return .failure(.init(reason: "no trusted root certificate is configured"))
    }
    guard let context = X509_STORE_CTX_new(), let untrusted = lc_sk_X509_new_null() else {
      return .failure(.init(reason: "out of memory"))
    }
    defer {
      X509_STORE_CTX_free(context)
      lc_sk_X509_free(untrusted)
    }
    _ = lc_sk_X509_push(untrusted, intermediate.pointer)
    guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else {
      LibCryptoError.clearQueue()
      return .failure(.init(reason: "could not set up chain verification"))
    }
    let parameters = X509_STORE_CTX_get0_param(context)
    X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT))
    X509_VERIFY_PARAM_set_time(parameters, time_t(date))
    guard X509_verify_cert(context) == 1 else {
      let code = X509_STORE_CTX_get_error(context)
      LibCryptoError.clearQueue()
      let text =
        X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
      return .failure(.init(reason: text))
    }
    guard let chain = X509_STORE_CTX_get0_chain(context) else {
      return .failure(.init(reason: "libcrypto returned no chain"))
    }
    var result: [Certificate] = []
    for index in 0..<lc_sk_X509_num(chain) {
      guard let certificate = lc_sk_X509_value(chain, index) else { continue }
      if certificate == leaf.pointer {
        result.append(leaf)
      } else if certificate == intermediate.pointer {
        result.append(intermediate)
      } else if let root = roots.first(where: { $0.pointer == certificate }) {
        result.append(root)
      } else {
        return .failure(.init(reason: "the chain holds a certificate that was not given"))
      }
    }
    return .success(result)
  }
}
