import Foundation

/// An option of the offer code redemption sheet (iOS 27).
///
/// Apple declares no members yet. The sheet itself takes a `UIViewController` or an `NSWindow`,
/// so storeterm offers only the type (its screens and `storeterm redeem` stand for the sheet).
public struct RedeemOption: Equatable, Hashable, Sendable {}
