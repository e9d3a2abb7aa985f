import Foundation

/// Reads a `.storekit` document into a ``StoreKitConfiguration``, tolerating every format Xcode
/// has written (1.0 through 6.x) and the quirks of tool-written files.
///
/// Unknown keys are collected as notes; data problems that can be worked around (an empty
/// price, a duplicate product) become warnings; anything else throws one sentence naming the
/// file and the JSON path.
public struct StoreKitConfigurationDecoder {
  /// The newest major format version storeterm has seen.
  public static let newestKnownMajorVersion = 6

  private let file: String
  var warnings: [String] = []
  var unknownKeys: [String: (firstPath: String, count: Int)] = [:]
  var unknownKeyOrder: [String] = []
  var notes: [String] = []
  var emptyPrices: [String] = []

  /// Decodes the bytes of a file named `file` (the name only appears in messages).
  public static func decode(
    _ bytes: some Sequence<UInt8>, file: String
  ) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw StoreKitConfigurationError(file: file, message: "not valid JSON: \(error)")
    }
    var decoder = StoreKitConfigurationDecoder(file: file)
    do {
      return try decoder.configuration(JSONCursor(root: document))
    } catch {
      throw StoreKitConfigurationError(file: file, message: error.description)
    }
  }

  private init(file: String) {
    self.file = file
  }

  // MARK: - Top level

  private mutating func configuration(
    _ root: JSONCursor
  ) throws(JSONReadError) -> StoreKitConfiguration {
    guard case .object = root.value else {
      throw root.error(
        "expected a StoreKit configuration object, found \(root.value.kindDescription)")
    }
    checkKeys(root, ConfigurationKeys.topLevel)
    let version = try formatVersion(root.required("version"))
    let settings =
      try root.optional("settings").map { s throws(JSONReadError) in try self.settings(s) }
      ?? StoreKitSettings()
    var products: [ConfiguredProduct] = []
    var paths: [String] = []
    for element in try root.elements("products") {
      products.append(try product(element, allowed: [.consumable, .nonConsumable, .nonRenewable]))
      paths.append(element.path)
    }
    for element in try root.elements("nonRenewingSubscriptions") {
      products.append(try product(element, allowed: [.nonRenewable]))
      paths.append(element.path)
    }
    var groups: [ConfiguredSubscriptionGroup] = []
    for (key, kind) in Self.groupKinds {
      for element in try root.elements(key) {
        let group = try group(element, kind: kind)
        groups.append(group)
        paths += group.subscriptions.indices.map { "\(element.path).subscriptions[\($0)]" }
      }
    }
    groups = checkBundles(groups)
    try Self.checkUniqueness(
      products.map(\.productID) + groups.flatMap { $0.subscriptions.map(\.productID) }, at: paths)
    if !emptyPrices.isEmpty {
      let count = emptyPrices.count
      warnings.append(
        "\(count) \(count == 1 ? "price is" : "prices are") empty and \(count == 1 ? "loads" : "load")"
          + " as 0 (\(emptyPrices[0])\(count > 1 ? " and \(count - 1) more" : ""))")
    }
    var configuration = StoreKitConfiguration(
      version: version, identifier: try root.optionalString("identifier"), settings: settings,
      products: products, subscriptionGroups: groups,
      warnings: warnings.map { "\(file): \($0)" },
      notes: (notes + unknownKeyNotes).map { "\(file): \($0)" })
    configuration.advancedCommerceProductIDs = try advancedCommerceProductIDs(
      root, products: products)
    configuration.subscriptionOffersKey = try subscriptionOffersKey(root)
    return configuration
  }

  private mutating func formatVersion(
    _ cursor: JSONCursor
  ) throws(JSONReadError) -> StoreKitConfiguration.FormatVersion {
    checkKeys(cursor, ConfigurationKeys.version)
    let version = StoreKitConfiguration.FormatVersion(
      major: try cursor.int("major"), minor: try cursor.optionalInt("minor") ?? 0)
    guard version.major >= 1 else {
      throw try cursor.required("major").error(
        "\(version.major) is not a format version (1 or later)")
    }
    if version.major > StoreKitConfigurationDecoder.newestKnownMajorVersion {
      notes.append("format \(version) is newer than storeterm knows; reading what it understands")
    }
    return version
  }

  // MARK: - Products

  private mutating func product(
    _ cursor: JSONCursor, allowed: [CatalogProduct.ProductType]
  ) throws(JSONReadError) -> ConfiguredProduct {
    checkKeys(cursor, ConfigurationKeys.product)
    let typeCursor = try cursor.required("type")
    let typeName = try typeCursor.string()
    guard let type = Self.productTypes[typeName], allowed.contains(type) else {
      let names = allowed.compactMap { type in Self.productTypes.first { $0.value == type }?.key }
      throw typeCursor.error(
        "\(JSONValue.string(typeName).compactText) is not a product type here"
          + " (expected \(Self.list(names)))")
    }
    return ConfiguredProduct(
      productID: try productID(cursor),
      referenceName: try cursor.optionalString("referenceName") ?? "",
      internalID: try cursor.optionalString("internalID") ?? "",
      type: type,
      price: try price(cursor, key: "displayPrice") ?? 0,
      familyShareable: try cursor.optionalBool("familyShareable") ?? false,
      localizations: try localizations(cursor))
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }

  private static let productTypes: [String: CatalogProduct.ProductType] = [
    "Consumable": .consumable, "NonConsumable": .nonConsumable,
    "NonRenewingSubscription": .nonRenewable, "RecurringSubscription": .autoRenewable,
  ]

  private mutating func localizations(
    _ cursor: JSONCursor
  ) throws(JSONReadError) -> [Localization] {
    var result: [Localization] = []
    for element in try cursor.elements("localizations") {
      checkKeys(element, ConfigurationKeys.localization)
      result.append(
        Localization(
          locale: try element.string("locale"),
          displayName: try element.optionalString("displayName") ?? "",
          description: try element.optionalString("description") ?? ""))
    }
    return result
  }

  // MARK: - Subscriptions

  private mutating func group(
    _ cursor: JSONCursor, kind: SubscriptionKind
  ) throws(JSONReadError) -> ConfiguredSubscriptionGroup {
    checkKeys(cursor, ConfigurationKeys.group)
    let id = try cursor.string("id")
    var subscriptions: [ConfiguredSubscription] = []
    for element in try cursor.elements("subscriptions") {
      subscriptions.append(try subscription(element, groupID: id, kind: kind))
    }
    return ConfiguredSubscriptionGroup(
      id: id, name: try cursor.optionalString("name") ?? id,
      localizations: try localizations(cursor), subscriptions: subscriptions)
  }

  private mutating func subscription(
    _ cursor: JSONCursor, groupID: String, kind: SubscriptionKind
  ) throws(JSONReadError) -> ConfiguredSubscription {
    checkKeys(cursor, ConfigurationKeys.subscription)
    let typeCursor = try cursor.required("type")
    let typeName = try typeCursor.string()
    guard typeName == kind.rawValue else {
      throw typeCursor.error(
        "\(JSONValue.string(typeName).compactText) is not a product type here"
          + " (expected \(kind.rawValue))")
    }
    let declaredGroup = try cursor.required("subscriptionGroupID").string()
    if declaredGroup != groupID {
      warnings.append(
        "\(cursor.path(of: "subscriptionGroupID")): \(JSONValue.string(declaredGroup).compactText)"
          + " differs from its group's id \(JSONValue.string(groupID).compactText); using the group's"
      )
    }
    let levelCursor = try cursor.required("groupNumber")
    let level = try levelCursor.int()
    guard level >= 1 else { throw levelCursor.error("level \(level) is not 1 or more") }
    // Format 5.0 lists one introductory offer per billing plan: the product's own is the
    // up-front plan's.
    var introductory = try upFrontOffers(cursor, key: "introductoryOffers").first
    if introductory == nil, let single = try cursor.optional("introductoryOffer"),
      try !isMonthlyPlanOffer(single)
    {
      introductory = single
    }
    // Format 6.3 suite entries spell two keys differently.
    var shareable = try cursor.optionalBool("familyShareable")
    if shareable == nil { shareable = try cursor.optionalBool("isFamilyShareable") }
    let periodCursor: JSONCursor
    if let recurring = try cursor.optional("recurringSubscriptionPeriod") {
      periodCursor = recurring
    } else {
      periodCursor = try cursor.required("duration")
    }
    var subscription = ConfiguredSubscription(
      productID: try productID(cursor),
      referenceName: try cursor.optionalString("referenceName") ?? "",
      internalID: try cursor.optionalString("internalID") ?? "",
      price: try price(cursor, key: "displayPrice") ?? 0,
      familyShareable: shareable ?? false,
      localizations: try localizations(cursor),
      subscriptionGroupID: groupID,
      groupLevel: level,
      period: try period(periodCursor),
      introductoryOffer: try introductory.map { o throws(JSONReadError) in try offer(o) },
      promotionalOffers: try offers(cursor, key: "adHocOffers"),
      codeOffers: try offers(cursor, key: "codeOffers"),
      winBackOffers: try offers(cursor, key: "winbackOffers"),
      billingPlans: try billingPlans(cursor))
    subscription.isSuite = kind == .suite
    subscription.bundledProductIDs = try members(cursor, kind: kind)
    subscription.seatPriceTiers = try seatTiers(cursor)
    return subscription
  }

  private mutating func offers(
    _ cursor: JSONCursor, key: String
  ) throws(JSONReadError) -> [ConfiguredOffer] {
    var result: [ConfiguredOffer] = []
    for element in try upFrontOffers(cursor, key: key) {
      result.append(try offer(element))
    }
    return result
  }

  /// The offers under `key` that apply to the up-front plan: an offer Xcode 26.5 configured for
  /// the monthly plan (`"billingPlanType" : "MONTHLY"`) is left out, with one warning, since
  /// how it meets a commitment's charges is not simulated; it must never apply to an up-front
  /// purchase.
  private mutating func upFrontOffers(
    _ cursor: JSONCursor, key: String
  ) throws(JSONReadError) -> [JSONCursor] {
    var kept: [JSONCursor] = []
    for element in try cursor.elements(key) {
      guard try isMonthlyPlanOffer(element) else {
        kept.append(element)
        continue
      }
      warnings.append(
        "\(element.path): an offer for the monthly billing plan is not simulated;"
          + " the plan is sold without it")
    }
    return kept
  }

  private func isMonthlyPlanOffer(_ cursor: JSONCursor) throws(JSONReadError) -> Bool {
    try cursor.optionalString("billingPlanType") == BillingPlanType.monthly.rawValue
  }

  private mutating func offer(_ cursor: JSONCursor) throws(JSONReadError) -> ConfiguredOffer {
    checkKeys(cursor, ConfigurationKeys.offer)
    let modeCursor = try cursor.required("paymentMode")
    let modeName = try modeCursor.string()
    guard let mode = Self.paymentModes[modeName] else {
      throw modeCursor.error(
        "\(JSONValue.string(modeName).compactText) is not a payment mode"
          + " (free, payAsYouGo or payUpFront)")
    }
    var count = 1
    if let countCursor = try cursor.optional("numberOfPeriods") {
      count = try countCursor.int()
      guard count >= 1 else { throw countCursor.error("\(count) periods is not 1 or more") }
      guard count <= 1_000 else { throw countCursor.error("\(count) periods is more than 1000") }
    }
    // A free offer's displayPrice is a stale leftover from when it was paid: ignore it.
    var offerPrice: Decimal = 0
    if mode != .freeTrial {
      if let parsed = try price(cursor, key: "displayPrice") {
        offerPrice = parsed
      } else if try cursor.optional("displayPrice") == nil {
        warnings.append("\(cursor.path): a \(modeName) offer has no displayPrice; using 0")
      }
    }
    var eligibility: Set<String> = []
    for element in try cursor.elements("eligibility") {
      eligibility.insert(try element.string())
    }
    return ConfiguredOffer(
      internalID: try cursor.optionalString("internalID") ?? "",
      offerID: try cursor.optionalString("offerID"),
      referenceName: try cursor.optionalString("referenceName"),
      paymentMode: mode,
      period: try period(cursor.required("subscriptionPeriod")),
      periodCount: count,
      price: offerPrice,
      eligibility: eligibility,
      isStackable: try cursor.optionalBool("isStackable") ?? false,
      isEligible: try cursor.optionalBool("isEligible") ?? true)
  }

  private static let paymentModes: [String: CatalogProduct.SubscriptionOffer.PaymentMode] = [
    "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
  ]

  private mutating func billingPlans(
    _ cursor: JSONCursor
  ) throws(JSONReadError) -> [ConfiguredBillingPlan] {
    var result: [ConfiguredBillingPlan] = []
    for element in try cursor.elements("billingPlans") {
      checkKeys(element, ConfigurationKeys.billingPlan)
      result.append(
        ConfiguredBillingPlan(
          internalID: try element.optionalString("internalID") ?? "",
          billingPlanType: try element.string("billingPlanType"),
          price: try price(element, key: "displayPrice") ?? 0,
          commitmentPrice: try price(element, key: "commitmentDisplayPrice"),
          isEnabled: try element.optionalBool("isEnabled") ?? true))
    }
    return result
  }

  private func period(_ cursor: JSONCursor) throws(JSONReadError)
    -> CatalogProduct.SubscriptionPeriod
  {
    let text = try cursor.string()
    guard let period = CatalogProduct.SubscriptionPeriod(iso8601: text) else {
      throw cursor.error("\(JSONValue.string(text).compactText) is not an ISO 8601 period")
    }
    // Every date storeterm signs falls before the test certificates end (2099); a longer
    // period would only produce dates nothing can verify (or overflow).
    guard period.fitsLongestSpan() else {
      throw cursor.error(
        "\(JSONValue.string(text).compactText) is longer than \(CatalogProduct.SubscriptionPeriod.longestSpan)"
      )
    }
    return period
  }

  /// A product's `productID`: a product the customer cannot name cannot be bought.
  private func productID(_ cursor: JSONCursor) throws(JSONReadError) -> String {
    let idCursor = try cursor.required("productID")
    let id = try idCursor.string()
    guard !id.isEmpty else { throw idCursor.error("a product ID cannot be empty") }
    // A space, newline or NUL makes an ID that cannot be typed, printed on one line or passed
    // to C; App Store Connect allows letters, digits, `.` and `_` only.
    let unprintable = id.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
      default: scalar.properties.isWhitespace
      }
    }
    guard !unprintable else {
      throw idCursor.error(
        "\(JSONValue.string(id).compactText) is not a product ID (no whitespace or control characters)"
      )
    }
    return id
  }

  /// The price at `key`: nil when absent or empty (`""` is recorded for one summary warning).
  mutating func price(
    _ cursor: JSONCursor, key: String
  ) throws(JSONReadError) -> Decimal? {
    guard let priceCursor = try cursor.optional(key) else { return nil }
    let text: String
    switch priceCursor.value {
    case .string(let string): text = string
    // Xcode writes a string and refuses a file with a number here, so storeterm does too.
    default:
      throw priceCursor.error("expected a price string, found \(priceCursor.value.kindDescription)")
    }
    if text.isEmpty {
      emptyPrices.append(priceCursor.path)
      return nil
    }
    guard let price = PriceParser.decimal(text) else {
      throw priceCursor.error(
        "\(JSONValue.string(text).compactText) is not a price (a decimal number such as \"4.99\")")
    }
    guard price <= PriceParser.largest else {
      throw priceCursor.error(
        "\(JSONValue.string(text).compactText) does not fit in milliunits (at most \(PriceParser.largest))"
      )
    }
    return price
  }
}
