/// SplitMix64: a small, seedable random generator, so a fuzz or random-walk failure replays
/// exactly from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Byte-level mutations for fuzzing: flips, deletions, insertions, duplications, truncation.
public enum Mutator {
  /// Bytes that matter to JSON and JWS parsers, inserted more often than random bytes.
  static let interesting: [UInt8] =
    Array("{}[]\":,.-0123456789eE\\ntfu\u{7F}=_".utf8) + [0, 0xFF, 0xC3]

  /// `input` with one to four random mutations.
  public static func mutate(_ input: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !bytes.isEmpty else {
        bytes.append(interesting.randomElement(using: &random)!)
        continue
      }
      let index = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
      case 1: bytes.remove(at: index)
      case 2: bytes.insert(interesting.randomElement(using: &random)!, at: index)
      case 3: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
      case 4:
        let end = min(bytes.count, index + Int.random(in: 1...64, using: &random))
        bytes.insert(contentsOf: bytes[index..<end], at: index)
      default: bytes.removeSubrange(index..<bytes.count)
      }
    }
    return bytes
  }
}
