import Foundation
import StoreCore

/// The App Store storefront of the customer's account.
public struct Storefront: Identifiable, Sendable {
  /// The ISO 3166-1 alpha-3 country code, such as `USA`.
  public let countryCode: String
  /// The App Store's storefront identifier, such as `143441`.
  public let id: String

  init(countryCode: String, id: String) {
    self.countryCode = countryCode
    self.id = id
  }

  init(_ storefront: CatalogStorefront) {
    self.init(countryCode: storefront.countryCode, id: storefront.id)
  }

  /// The currency of prices in this storefront.
  public var currency: Locale.Currency? {
    CatalogStorefront(countryCode: countryCode).map { Locale.Currency($0.currencyCode) }
  }

  /// The storefront of the signed-in account.
  public static var current: Storefront? {
    get async {
      await StoreKitRuntime.roundTrip()
      guard let configuration = try? StoreKitRuntime.configuration() else { return nil }
      return Storefront(configuration.engine.catalog.storefront)
    }
  }

  /// The storefront each time it changes (not the current one when listening starts).
  public static var updates: Storefront.Storefronts { Storefronts() }

  /// The sequence of `updates`.
  public struct Storefronts: AsyncSequence, Sendable {
    /// Each new storefront.
    public typealias Element = Storefront

    /// Starts listening.
    public func makeAsyncIterator() -> Iterator {
      let stream = (try? StoreKitRuntime.configuration())?.engine.storefrontUpdates()
      return Iterator(source: stream?.makeAsyncIterator())
    }

    /// Reads the next storefront change.
    public struct Iterator: AsyncIteratorProtocol {
      var source: AsyncStream<CatalogStorefront>.Iterator?

      /// The next storefront, or nil when no App Store can be reached.
      public mutating func next() async -> Storefront? {
        await source?.next().map(Storefront.init)
      }
    }
  }
}
