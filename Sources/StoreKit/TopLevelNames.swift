// The top-level names Apple's StoreKit declares (iOS 18.4) for its nested subscription types.

/// `Product.SubscriptionInfo`.
public typealias SubscriptionInfo = Product.SubscriptionInfo
/// `Product.SubscriptionPeriod`.
public typealias SubscriptionPeriod = Product.SubscriptionPeriod
/// `Product.SubscriptionInfo.RenewalInfo`.
public typealias SubscriptionRenewalInfo = Product.SubscriptionInfo.RenewalInfo
/// `Product.SubscriptionInfo.RenewalState`.
public typealias SubscriptionRenewalState = Product.SubscriptionInfo.RenewalState
/// `Product.SubscriptionInfo.Status`.
public typealias SubscriptionStatus = Product.SubscriptionInfo.Status
