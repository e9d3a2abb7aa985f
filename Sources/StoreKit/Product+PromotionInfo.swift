import StoreCore
import Synchronization

extension Product {
  /// A promoted In-App Purchase's order and visibility on this device, as the app overrides
  /// them (App Store Connect sets the defaults).
  ///
  /// storeterm keeps the overrides per App Store (engine), as a device keeps them for every
  /// account signed in on it, for as long as the process runs.
  public struct PromotionInfo: Equatable, Hashable, Sendable {
    /// The promoted product.
    public let productID: Product.ID
    /// Whether the promotion shows on this device; save a change with ``update()``.
    public var visibility: Product.PromotionInfo.Visibility

    /// The visibility a promoted product can have on a device.
    public enum Visibility: Equatable, Hashable, Sendable {
      /// As App Store Connect sets it.
      case appStoreConnectDefault
      /// Shown.
      case visible
      /// Hidden.
      case hidden
    }

    /// The promotions in the order this device shows them: empty while the app has not
    /// overridden the order.
    public static var currentOrder: [Product.PromotionInfo] {
      get async throws {
        let engine = try StoreKitRuntime.configuration().engine
        return PromotionOverrides.order(engine)
      }
    }

    /// Sets the order of the promoted products on this device; a product left out is hidden,
    /// and an empty collection cancels earlier changes.
    ///
    /// - Throws: `StoreKitError.unknown` for an identifier the App Store does not sell.
    public static func updateProductOrder(byID order: some Collection<String>) async throws {
      let engine = try StoreKitRuntime.configuration().engine
      try PromotionOverrides.checkSold(Array(order), engine)
      PromotionOverrides.setOrder(Array(order), visibilities: [:], engine)
    }

    /// Sets and saves the visibility of `productID` on this device.
    ///
    /// - Throws: `StoreKitError.unknown` for an identifier the App Store does not sell.
    public static func updateProductVisibility(
      _ visibility: Product.PromotionInfo.Visibility, for productID: Product.ID
    ) async throws {
      let engine = try StoreKitRuntime.configuration().engine
      try PromotionOverrides.checkSold([productID], engine)
      PromotionOverrides.setVisibility(visibility, for: productID, engine)
    }

    /// Sets the order and visibility of every promotion at once, as listed; an empty
    /// collection cancels earlier changes.
    ///
    /// - Throws: `StoreKitError.unknown` for an identifier the App Store does not sell.
    public static func updateAll(_ promotions: some Collection<Product.PromotionInfo>)
      async throws
    {
      let engine = try StoreKitRuntime.configuration().engine
      let ids = promotions.map(\.productID)
      try PromotionOverrides.checkSold(ids, engine)
      let visibilities = Dictionary(
        promotions.map { ($0.productID, $0.visibility) }, uniquingKeysWith: { first, _ in first })
      PromotionOverrides.setOrder(ids, visibilities: visibilities, engine)
    }

    /// Saves this promotion's ``visibility``.
    public func update() async throws {
      try await Self.updateProductVisibility(visibility, for: productID)
    }
  }
}

/// The promotion overrides of each App Store in the process: the order the app set and the
/// visibility of each product it changed.
enum PromotionOverrides {
  private struct Entry {
    weak var engine: StoreEngine?
    var order: [String] = []
    var visibility: [String: Product.PromotionInfo.Visibility] = [:]
  }

  private static let stored = Mutex<[ObjectIdentifier: Entry]>([:])

  static func order(_ engine: StoreEngine) -> [Product.PromotionInfo] {
    let entry = stored.withLock { entries in
      entries[ObjectIdentifier(engine)].flatMap { $0.engine === engine ? $0 : nil }
    }
    guard let entry else { return [] }
    return entry.order.map {
      Product.PromotionInfo(
        productID: $0, visibility: entry.visibility[$0] ?? .appStoreConnectDefault)
    }
  }

  static func checkSold(_ ids: [String], _ engine: StoreEngine) throws {
    let catalog = engine.catalog
    guard ids.allSatisfy({ catalog.product(id: $0) != nil }) else { throw StoreKitError.unknown }
  }

  static func setOrder(
    _ ids: [String], visibilities: [String: Product.PromotionInfo.Visibility],
    _ engine: StoreEngine
  ) {
    var seen: Set<String> = []
    let order = ids.filter { seen.insert($0).inserted }
    change(engine) { entry in
      entry.order = order
      // An empty list cancels every earlier change; a new order keeps the saved visibilities.
      if order.isEmpty { entry.visibility = [:] }
      entry.visibility.merge(visibilities) { _, new in new }
    }
  }

  static func setVisibility(
    _ visibility: Product.PromotionInfo.Visibility, for productID: String, _ engine: StoreEngine
  ) {
    change(engine) { $0.visibility[productID] = visibility }
  }

  private static func change(_ engine: StoreEngine, _ body: (inout Entry) -> Void) {
    stored.withLock { entries in
      // Entries of released engines go, so the table stays small.
      entries = entries.filter { $0.value.engine != nil }
      let key = ObjectIdentifier(engine)
      var entry =
        entries[key].flatMap { $0.engine === engine ? $0 : nil } ?? Entry(engine: engine)
      body(&entry)
      entries[key] = entry
    }
  }
}
