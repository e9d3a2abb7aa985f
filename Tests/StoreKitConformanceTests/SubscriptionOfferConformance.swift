// Product.SubscriptionOffer (OfferType, PaymentMode, Signature) and Product.SubscriptionPeriod
// (Unit, statics, dateRange, formatted), each test using one declaration as Apple declares it.

import Foundation
import StoreKit
import StoreKitTest
import Testing

/// A format style over `Range<Date>` that counts whole days, to call `formatted(_:referenceDate:)`.
private struct WholeDays: FormatStyle {
  func format(_ value: Range<Date>) -> Int {
    Int((value.upperBound.timeIntervalSince(value.lowerBound) / 86_400).rounded())
  }
}

@Suite("Product.SubscriptionOffer and SubscriptionPeriod conformance")
struct SubscriptionOfferConformance {
  typealias Offer = Product.SubscriptionOffer
  typealias Period = Product.SubscriptionPeriod

  // MARK: Product.SubscriptionOffer

  @Test func subscriptionOfferConformances() {
    requireEquatable(Offer.self)
    requireHashable(Offer.self)
    requireSendable(Offer.self)
  }

  @Test func subscriptionOfferID() {
    let _: KeyPath<Offer, String?> = \.id
  }

  @Test func subscriptionOfferType() {
    let _: KeyPath<Offer, Offer.OfferType> = \.type
  }

  @Test func subscriptionOfferPrice() {
    let _: KeyPath<Offer, Decimal> = \.price
  }

  @Test func subscriptionOfferDisplayPrice() {
    let _: KeyPath<Offer, String> = \.displayPrice
  }

  @Test func subscriptionOfferPeriod() {
    let _: KeyPath<Offer, Period> = \.period
  }

  @Test func subscriptionOfferPeriodCount() {
    let _: KeyPath<Offer, Int> = \.periodCount
  }

  @Test func subscriptionOfferPaymentMode() {
    let _: KeyPath<Offer, Offer.PaymentMode> = \.paymentMode
  }

  @Test func subscriptionOfferSignature() {
    let signature = Offer.Signature(
      keyID: "KEY", nonce: UUID(), timestamp: 1_700_000_000_000, signature: Data([1]))
    let _: String = signature.keyID
    let _: UUID = signature.nonce
    let _: Int = signature.timestamp
    let _: Data = signature.signature
  }

  // MARK: Product.SubscriptionOffer.OfferType

  @Test func offerTypeConformances() {
    requireRawRepresentable(Offer.OfferType.self, raw: String.self)
    requireEquatable(Offer.OfferType.self)
    requireHashable(Offer.OfferType.self)
  }

  @Test func offerTypeStatics() {
    let all: [Offer.OfferType] = [.introductory, .promotional, .winBack]
    #expect(Set(all).count == 3)
  }

  @Test func offerTypeInitRawValueIsNotFailable() {
    let make: (String) -> Offer.OfferType = Offer.OfferType.init(rawValue:)
    #expect(make(Offer.OfferType.promotional.rawValue) == .promotional)
  }

  @Test func offerTypeLocalizedDescription() {
    let text: String = Offer.OfferType.introductory.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Product.SubscriptionOffer.PaymentMode

  @Test func paymentModeConformances() {
    requireRawRepresentable(Offer.PaymentMode.self, raw: String.self)
    requireEquatable(Offer.PaymentMode.self)
    requireHashable(Offer.PaymentMode.self)
  }

  @Test func paymentModeStatics() {
    let all: [Offer.PaymentMode] = [.freeTrial, .payAsYouGo, .payUpFront]
    #expect(Set(all).count == 3)
  }

  @Test func paymentModeInitRawValueIsNotFailable() {
    let make: (String) -> Offer.PaymentMode = Offer.PaymentMode.init(rawValue:)
    #expect(make(Offer.PaymentMode.freeTrial.rawValue) == .freeTrial)
  }

  @Test func paymentModeLocalizedDescription() {
    let text: String = Offer.PaymentMode.freeTrial.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Product.SubscriptionPeriod

  @Test func subscriptionPeriodConformances() {
    requireEquatable(Period.self)
    requireHashable(Period.self)
    requireDebugDescription(Period.self)
    requireSendable(Period.self)
  }

  @Test func subscriptionPeriodUnit() {
    let _: KeyPath<Period, Period.Unit> = \.unit
  }

  @Test func subscriptionPeriodValue() {
    let _: KeyPath<Period, Int> = \.value
  }

  @Test func subscriptionPeriodWeekly() {
    let period: Period = .weekly
    #expect(period.unit == .week && period.value == 1)
  }

  @Test func subscriptionPeriodMonthly() {
    let period: Period = .monthly
    #expect(period.unit == .month && period.value == 1)
  }

  @Test func subscriptionPeriodYearly() {
    let period: Period = .yearly
    #expect(period.unit == .year && period.value == 1)
  }

  @Test func subscriptionPeriodEveryThreeDays() {
    let period: Period = .everyThreeDays
    #expect(period.unit == .day && period.value == 3)
  }

  @Test func subscriptionPeriodEveryTwoWeeks() {
    let period: Period = .everyTwoWeeks
    #expect(period.unit == .week && period.value == 2)
  }

  @Test func subscriptionPeriodEveryTwoMonths() {
    let period: Period = .everyTwoMonths
    #expect(period.unit == .month && period.value == 2)
  }

  @Test func subscriptionPeriodEveryThreeMonths() {
    let period: Period = .everyThreeMonths
    #expect(period.unit == .month && period.value == 3)
  }

  @Test func subscriptionPeriodEverySixMonths() {
    let period: Period = .everySixMonths
    #expect(period.unit == .month && period.value == 6)
  }

  @Test func subscriptionPeriodEquatable() {
    #expect(Period.monthly == .monthly)
    #expect(Period.monthly != .yearly)
  }

  @Test func subscriptionPeriodDebugDescription() {
    let text: String = Period.monthly.debugDescription
    #expect(!text.isEmpty)
  }

  @Test func subscriptionPeriodDateRange() {
    let reference = Date(timeIntervalSince1970: 1_700_000_000)
    let range: Range<Date> = Period.everyTwoWeeks.dateRange(referenceDate: reference)
    #expect(range.lowerBound == reference)
    #expect(WholeDays().format(range) == 14)
    let _: (Period) -> Range<Date> = { $0.dateRange() }
  }

  @Test func subscriptionPeriodFormatted() {
    let reference = Date(timeIntervalSince1970: 1_700_000_000)
    let days: Int = Period.everyThreeDays.formatted(WholeDays(), referenceDate: reference)
    #expect(days == 3)
    let _: (Period) -> Int = { $0.formatted(WholeDays()) }
  }

  @Test func dateComponentsInitSubscriptionPeriod() {
    let make: (Period) -> DateComponents = DateComponents.init(subscriptionPeriod:)
    let _: DateComponents = make(.monthly)
  }

  // MARK: Product.SubscriptionPeriod.Unit

  @Test func unitConformances() {
    requireEquatable(Period.Unit.self)
    requireHashable(Period.Unit.self)
    requireComparable(Period.Unit.self)
    requireDebugDescription(Period.Unit.self)
    requireSendable(Period.Unit.self)
  }

  @Test func unitCases() {
    func name(_ unit: Period.Unit) -> String {
      switch unit {
      case .day: return "day"
      case .week: return "week"
      case .month: return "month"
      case .year: return "year"
      }
    }
    #expect([Period.Unit.day, .week, .month, .year].map(name) == ["day", "week", "month", "year"])
  }

  @Test func unitComparable() {
    #expect(Period.Unit.day < .week)
    #expect(Period.Unit.week < .month)
    #expect(Period.Unit.month < .year)
  }

  @Test func unitLocalizedDescription() {
    let text: String = Period.Unit.month.localizedDescription
    #expect(!text.isEmpty)
  }

  @Test func unitFormatStyle() {
    let _: Period.Unit.FormatStyle.Type = Period.Unit.FormatStyle.self
  }
}
