/// "Did you mean" for a mistyped command or option: the closest known name within two edits.
enum Suggestion {
  /// `"; did you mean '<prefix><name>'?"` for the closest of `names` to `typed` (at most two
  /// insertions, deletions or substitutions away), or an empty string when none is that close.
  static func didYouMean(_ typed: String, among names: [String], prefix: String = "") -> String {
    let scored = names.map { (name: $0, distance: distance(typed.lowercased(), $0)) }
    guard let best = scored.filter({ $0.distance <= 2 }).min(by: { $0.distance < $1.distance })
    else { return "" }
    return "; did you mean '\(prefix)\(best.name)'?"
  }

  /// The Levenshtein distance between two strings, by characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
