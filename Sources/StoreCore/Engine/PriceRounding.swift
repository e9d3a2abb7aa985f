/// Prices in a currency's minor unit (ISO 4217's exponent): a charge or a renewal price is
/// never a fraction of a cent, nor of a yen.
public enum PriceRounding {
  /// ISO 4217 currencies without a minor unit.
  static let wholeUnits: Set<String> = [
    "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV",
    "XAF", "XOF", "XPF",
  ]
  /// ISO 4217 currencies with three decimals (a milliunit is their minor unit).
  static let thousandths: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

  /// How many milliunits one minor unit of `currency` is: 10 for dollars and euros (a cent),
  /// 1,000 for yen, 1 for dinars.
  public static func step(_ currency: String) -> Int64 {
    if wholeUnits.contains(currency.uppercased()) { return 1000 }
    if thousandths.contains(currency.uppercased()) { return 1 }
    return 10
  }

  /// `milliunits` × `numerator` / `denominator`, rounded half up to `currency`'s minor unit:
  /// $1.99 × 1.2 = $2.388 is $2.39, not the $2.38 that truncating reads.
  public static func scaled(
    _ milliunits: Int64, by numerator: Int64, over denominator: Int64, currency: String
  ) -> Int64 {
    let step = step(currency)
    let (product, overflow) = milliunits.multipliedReportingOverflow(by: numerator)
    // Prices stop far below this; a price built in code must not wrap to a negative one.
    guard !overflow, denominator > 0 else { return Int64.max }
    let unit = denominator * step
    return (product + unit / 2) / unit * step
  }
}
