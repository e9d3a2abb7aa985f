import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport

/// An App Store engine over one connection to a contract store: the demo catalog, a manual
/// clock, real ES256 signing.
struct ContractEngine {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)
  /// One certificate authority for every test (generating keys is the slow part).
  static let authority: TestCertificateAuthority = try! TestCertificateAuthority.generate()
  static let identity = SignedDataConfiguration()

  let engine: StoreEngine
  let ledger: any Ledger
  let clock: ManualClock

  init(_ store: LedgerStore, clock: ManualClock = ManualClock(ContractEngine.start)) throws {
    ledger = try store.open()
    self.clock = clock
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
      ledger: ledger, signer: Self.authority.makeSigner(), clock: clock,
      ids: SequentialIdentifiers(),
      factory: TransactionFactory(
        identity: Self.identity, hasher: SHA384DeviceVerificationHasher()))
  }

  /// Whether `jws` verifies against the test root as a transaction.
  static func verifies(_ jws: String) -> Bool {
    let verifier = authority.makeVerifier(configuration: identity)
    return (try? verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get())?.isVerified
      == true
  }

  /// Buys `productID` for `customer` and returns the signed transaction.
  @discardableResult
  func buy(_ productID: String, customer: String = Customer.defaultID) throws -> SignedTransaction {
    guard case .success(let transaction) = try engine.purchase(productID, customerID: customer)
    else { throw ContractError("the purchase of \(productID) did not succeed") }
    return transaction
  }
}

struct ContractError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The demo catalog's product identifiers.
enum Demo {
  static let coins = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
}

extension Customer {
  /// A customer with plain details, for ledger-level tests.
  static func named(
    _ id: String, name: String? = nil, familyGroup: String? = nil,
    at date: Date = Date(epochMilliseconds: 0)
  ) -> Customer {
    Customer(
      id: id, name: name ?? "Customer \(id)", email: "\(id)@example.com", storefront: "USA",
      familyGroup: familyGroup,
      deviceVerificationID: UUID(uuidString: "5E1F0000-0000-4000-8000-000000000001")!,
      createdDate: date)
  }
}
