import Foundation

extension StoreKitConfigurationDecoder {
  mutating func settings(_ cursor: JSONCursor) throws(JSONReadError) -> StoreKitSettings {
    checkKeys(cursor, ConfigurationKeys.settings)
    var settings = StoreKitSettings()
    if let storefront = try cursor.optional("_storefront") {
      let code = try storefront.string()
      guard CatalogStorefront(countryCode: code) != nil else {
        throw storefront.error(
          "\(JSONValue.string(code).compactText) is not an App Store storefront"
            + " (an ISO 3166-1 alpha-3 code such as USA)")
      }
      settings.storefront = code
    }
    if let locale = try cursor.optional("_locale") {
      let identifier = try locale.string()
      guard LocaleIdentifier.isWellFormed(identifier) else {
        throw locale.error("\(JSONValue.string(identifier).compactText) is not a locale identifier")
      }
      settings.locale = identifier
    }
    if let rate = try cursor.optionalInt("_timeRate") {
      // An unknown rate from a newer Xcode is kept; a negative one is no rate at all.
      guard rate >= 0 else {
        throw try cursor.required("_timeRate").error("\(rate) is not a time rate (0 or more)")
      }
      settings.timeRate = TimeRate(rawValue: rate)
      if !settings.timeRate.isKnown {
        notes.append("settings._timeRate: \(rate) is not a rate storeterm knows; kept as is")
      }
    }
    settings.compatibilityTimeRate = try compatibilityTimeRate(
      cursor.optional("_compatibilityTimeRate"))
    settings.askToBuyEnabled = try cursor.optionalBool("_askToBuyEnabled") ?? false
    // The older and newer names of the billing-retry switch can both appear; either turns it on.
    let renewalBillingIssues = try cursor.optionalBool("_renewalBillingIssuesEnabled") ?? false
    let legacyBillingIssues = try cursor.optionalBool("_billingIssuesEnabled") ?? false
    settings.billingIssuesEnabled = renewalBillingIssues || legacyBillingIssues
    settings.billingGracePeriodEnabled =
      try cursor.optionalBool("_billingGracePeriodEnabled") ?? false
    settings.disableDialogs = try cursor.optionalBool("_disableDialogs") ?? false
    settings.failTransactionsEnabled = try cursor.optionalBool("_failTransactionsEnabled") ?? false
    settings.legacyStoreKitErrorCode = try cursor.optionalInt("_storeKitError")
    settings.applicationInternalID = try cursor.optionalString("_applicationInternalID")
    settings.developerTeamID = try cursor.optionalString("_developerTeamID")
    if let seconds = try cursor.optional("_lastSynchronizedDate")?.double() {
      settings.lastSynchronizedDate = Date(timeIntervalSinceReferenceDate: seconds)
    }
    for element in try cursor.elements("_storeKitErrors") {
      if let setting = try simulatedError(element) { settings.simulatedErrors.append(setting) }
    }
    return settings
  }

  /// `_compatibilityTimeRate` is an int in formats 1.2 and 2.0 and an object such as `{"3": 6}` later.
  private func compatibilityTimeRate(_ cursor: JSONCursor?) throws(JSONReadError) -> TimeRate? {
    guard let cursor else { return nil }
    switch cursor.value {
    case .number: return TimeRate(rawValue: try cursor.int())
    case .object(let members):
      guard let first = members.first else { return nil }
      return TimeRate(rawValue: try cursor.int(first.key))
    default:
      throw cursor.error(
        "expected a whole number or an object, found \(cursor.value.kindDescription)")
    }
  }

  private mutating func simulatedError(
    _ cursor: JSONCursor
  ) throws(JSONReadError) -> SimulatedErrorSetting? {
    checkKeys(cursor, ConfigurationKeys.simulatedError)
    let name = try cursor.string("name")
    guard let api = SimulatedErrorSetting.API(rawValue: name) else {
      notes.append(
        "\(cursor.path(of: "name")): unknown StoreKit API \(JSONValue.string(name).compactText) ignored"
      )
      return nil
    }
    var error: SimulatedError?
    if let current = try cursor.optional("current") {
      checkKeys(current, ConfigurationKeys.simulatedErrorCurrent)
      error = SimulatedError(family: try current.string("type"), index: try current.int("index"))
    }
    return SimulatedErrorSetting(
      api: api, enabled: try cursor.optionalBool("enabled") ?? false, error: error)
  }

  // MARK: - Checks

  /// Records every key of `cursor` that is not in `known`, once per key and place pattern.
  mutating func checkKeys(_ cursor: JSONCursor, _ known: Set<String>) {
    for key in cursor.keys where !known.contains(key) {
      let pattern = "\(Self.genericPath(cursor.path)) \(key)"
      if let seen = unknownKeys[pattern] {
        unknownKeys[pattern] = (seen.firstPath, seen.count + 1)
      } else {
        unknownKeys[pattern] = (cursor.path(of: key), 1)
        unknownKeyOrder.append(pattern)
      }
    }
  }

  var unknownKeyNotes: [String] {
    unknownKeyOrder.compactMap { pattern in
      guard let seen = unknownKeys[pattern] else { return nil }
      let more = seen.count > 1 ? " and \(seen.count - 1) more like it" : ""
      return "ignoring unknown key \(seen.firstPath)\(more)"
    }
  }

  /// `subscriptionGroups[1].subscriptions[0]` → `subscriptionGroups[].subscriptions[]`.
  private static func genericPath(_ path: String) -> String {
    var result = ""
    var inIndex = false
    for character in path {
      if character == "[" {
        inIndex = true
        result.append("[")
      } else if character == "]" {
        inIndex = false
        result.append("]")
      } else if !inIndex {
        result.append(character)
      }
    }
    return result
  }

  /// Refuses a product identifier used twice, naming both places: Xcode refuses such a file,
  /// and keeping either copy would sell a product the developer did not mean.
  static func checkUniqueness(_ ids: [String], at paths: [String]) throws(JSONReadError) {
    var first: [String: String] = [:]
    for (id, path) in zip(ids, paths) {
      if let earlier = first[id] {
        throw JSONReadError(
          path: path,
          reason: "product \(JSONValue.string(id).compactText) is already declared at \(earlier)")
      }
      first[id] = path
    }
  }
}
