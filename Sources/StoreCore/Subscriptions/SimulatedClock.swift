import Foundation

/// Simulated time: real time scaled by the session's time rate, plus manual jumps forward.
///
/// The state is two anchors and a rate: simulated now = `simulatedAnchor` + (real now −
/// `realAnchor`) × the rate's factor. Advancing moves the simulated anchor; changing the rate
/// re-anchors at the current moment, so simulated time never jumps or runs backwards.
public struct SimulatedClock: Sendable, Equatable {
  /// A real moment at which the simulated time was known.
  public var realAnchor: Date
  /// The simulated time at `realAnchor`.
  public var simulatedAnchor: Date
  /// How fast simulated time runs.
  public var rate: TimeRate

  /// Creates a clock.
  public init(realAnchor: Date, simulatedAnchor: Date, rate: TimeRate) {
    self.realAnchor = realAnchor
    self.simulatedAnchor = simulatedAnchor
    self.rate = rate
  }

  /// A clock showing real time from `real` on, at `rate`.
  public static func starting(at real: Date, rate: TimeRate = .realTime) -> SimulatedClock {
    SimulatedClock(realAnchor: real, simulatedAnchor: real, rate: rate)
  }

  /// The last simulated moment: one second before the test certificates end.
  ///
  /// They end at 2099-12-31T23:59:59Z (`TestCertificateAuthority.validityEnd`), after which
  /// nothing storeterm signs would verify. A time rate stops the clock here instead of passing it.
  public static let latest = Date(timeIntervalSince1970: 4_102_444_798)

  /// The simulated time at real time `real`, never past `latest`.
  public func now(real: Date) -> Date {
    let elapsed = max(0, real.timeIntervalSince(realAnchor))
    return min(Self.latest, simulatedAnchor.addingTimeInterval(elapsed * rate.factor))
  }

  /// Whether moving `interval` seconds forward at real time `real` would pass `latest`.
  public func wouldPassLatest(advancingBy interval: TimeInterval, real: Date) -> Bool {
    now(real: real).addingTimeInterval(interval) > Self.latest
  }

  /// The clock moved `interval` seconds forward at real time `real`.
  public func advanced(by interval: TimeInterval, real: Date) -> SimulatedClock {
    SimulatedClock(
      realAnchor: real, simulatedAnchor: now(real: real).addingTimeInterval(interval), rate: rate)
  }

  /// The clock running at `rate` from real time `real` on.
  public func withRate(_ rate: TimeRate, real: Date) -> SimulatedClock {
    SimulatedClock(realAnchor: real, simulatedAnchor: now(real: real), rate: rate)
  }
}

extension TimeRate {
  /// Simulated seconds per real second.
  ///
  /// The "monthly renewal every …" rates map a 30-day month to the named interval, the
  /// deprecated "… is one day" rates map a day, and the "one renewal every …" rates (which renew
  /// every period at one interval in Xcode) are approximated by a monthly period renewing at that
  /// interval. Unknown rates run in real time.
  public var factor: Double {
    let day = 86_400.0
    let month = 30 * day
    switch rawValue {
    case 1: return day / 3_600
    case 2: return day / 1_800
    case 3: return day / 300
    case 4: return day / 60
    case 5: return day / 30
    case 6: return day
    case 10: return month / 3_600
    case 11: return month / 1_800
    case 12: return month / 900
    case 13: return month / 300
    case 15: return month / 30
    case 1000: return month / 900
    case 1001: return month / 300
    case 1002: return month / 60
    case 1003: return month / 30
    case 1004: return month / 10
    case 1005: return month / 2
    default: return 1
    }
  }
}
