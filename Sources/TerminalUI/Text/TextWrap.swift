/// Word wrapping by display width.
public enum TextWrap {
  /// The lines of `text` wrapped at spaces to at most `width` columns.
  ///
  /// A word longer than a line is cut by characters. Newlines in `text` start new lines.
  /// Linear in the text's length: a word is measured only as far as the room left, and cut
  /// by moving an index, never by removing its first characters (a 1 MB display name took
  /// minutes when it was).
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for whole in paragraph.split(separator: " ") {
        var word = whole
        let gap = line.isEmpty ? 0 : 1
        let fit = prefixEnd(word, toWidth: width - lineWidth - gap)
        if fit.end == word.endIndex {
          line += (line.isEmpty ? "" : " ") + word
          lineWidth += gap + fit.width
          continue
        }
        if !line.isEmpty {
          // Japanese and Chinese lines break between characters, so a word with wide ones
          // fills the line instead of leaving a gap.
          if let end = breakableEnd(word, toWidth: width - lineWidth - 1) {
            line += " " + word[..<end]
            word = word[end...]
          }
          result.append(line)
        }
        // A word wider than the line is cut into line-sized pieces.
        while true {
          let piece = prefixEnd(word, toWidth: width)
          if piece.end == word.endIndex {
            line = String(word)
            lineWidth = piece.width
            break
          }
          let end = piece.end == word.startIndex ? word.index(after: word.startIndex) : piece.end
          result.append(String(word[..<end]))
          word = word[end...]
        }
      }
      result.append(line)
    }
    return result
  }

  /// The end of the longest start of `text` within `width` columns, and its width; reads no
  /// further than that start and one character more.
  private static func prefixEnd(
    _ text: Substring, toWidth width: Int
  ) -> (end: String.Index, width: Int) {
    var used = 0
    var index = text.startIndex
    while index < text.endIndex {
      let columns = DisplayWidth.of(text[index])
      if used + columns > width { break }
      used += columns
      index = text.index(after: index)
    }
    return (index, used)
  }

  /// Characters a line must not start with: closing brackets and punctuation (kinsoku).
  private static let noLineStart = Set("、。，．,.)）」』】〕！？!?ー…・：；:;％%")

  /// Where the longest start of `word` within `width` ends, if it ends where a line may break
  /// inside a word: next to a wide character, and not before a character a line must not
  /// start with; nil when there is no such place (or the whole word fits).
  static func breakableEnd(_ word: Substring, toWidth width: Int) -> String.Index? {
    guard width > 0, word.contains(where: { DisplayWidth.of($0) == 2 }) else { return nil }
    var ends: [String.Index] = []
    var used = 0
    var index = word.startIndex
    while index < word.endIndex {
      let columns = DisplayWidth.of(word[index])
      if used + columns > width { break }
      used += columns
      index = word.index(after: index)
      ends.append(index)
    }
    while let end = ends.popLast(), end < word.endIndex {
      let last = word[word.index(before: end)]
      let next = word[end]
      let wide = DisplayWidth.of(last) == 2 || DisplayWidth.of(next) == 2
      if wide, !noLineStart.contains(next) { return end }
    }
    return nil
  }

  /// `items` packed into lines of at most `width` columns, joined by `separator` within a
  /// line: a list such as `a 1 · b 2 · c 3` breaks between items rather than inside one; an
  /// item wider than a line is wrapped by ``lines(_:width:)``.
  public static func packed(_ items: [String], separator: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    var line = ""
    for item in items {
      let joined = line.isEmpty ? item : line + separator + item
      if DisplayWidth.of(joined) <= width {
        line = joined
        continue
      }
      if !line.isEmpty { result.append(line) }
      let pieces = lines(item, width: width)
      result += pieces.dropLast()
      line = pieces.last ?? ""
    }
    if !line.isEmpty || result.isEmpty { result.append(line) }
    return result
  }
}
