/// The keys storeterm reads in each kind of `.storekit` object; anything else is reported as ignored.
enum ConfigurationKeys {
  static let topLevel: Set<String> = [
    "version", "identifier", "settings", "products", "nonRenewingSubscriptions",
    "subscriptionGroups", "appPolicies", "subscriptionOffersKeyPair",
    "subscriptionBundleGroups", "subscriptionSuiteGroups", "_advancedCommerceProductIDs",
  ]
  static let offersKeyPair: Set<String> = ["id", "privateKey"]
  static let version: Set<String> = ["major", "minor"]
  static let product: Set<String> = [
    "type", "productID", "referenceName", "internalID", "displayPrice", "familyShareable",
    "localizations",
  ]
  static let localization: Set<String> = ["description", "displayName", "locale"]
  static let group: Set<String> = ["id", "name", "localizations", "subscriptions"]
  static let subscription: Set<String> = product.union([
    "subscriptionGroupID", "groupNumber", "recurringSubscriptionPeriod", "introductoryOffer",
    "introductoryOffers", "adHocOffers", "codeOffers", "winbackOffers", "billingPlans",
    "promotionalImageID", "duration", "isFamilyShareable", "members", "_multiSeatPriceTiers",
  ])
  static let offer: Set<String> = [
    "internalID", "paymentMode", "subscriptionPeriod", "numberOfPeriods", "displayPrice",
    "offerID", "referenceName", "billingPlanType", "isStackable", "eligibility", "isEligible",
  ]
  static let billingPlan: Set<String> = [
    "billingPlanType", "displayPrice", "commitmentDisplayPrice", "internalID", "isEnabled",
  ]
  static let seatTier: Set<String> = ["minimumSeats", "maximumSeats", "displayPrice"]
  static let settings: Set<String> = [
    "_storefront", "_locale", "_timeRate", "_compatibilityTimeRate", "_askToBuyEnabled",
    "_billingIssuesEnabled", "_renewalBillingIssuesEnabled", "_billingGracePeriodEnabled",
    "_disableDialogs", "_failTransactionsEnabled", "_storeKitError", "_storeKitErrors",
    "_applicationInternalID", "_developerTeamID", "_lastSynchronizedDate",
  ]
  static let simulatedError: Set<String> = ["current", "enabled", "name", "emptyOnError"]
  static let simulatedErrorCurrent: Set<String> = ["index", "type"]
}
