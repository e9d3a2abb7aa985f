/// Word wrapping by display width.
public enum TextWrap {
  /// The lines of `text` wrapped at spaces to at most `width` columns.
  ///
  /// A word longer than a line is cut by characters. Newlines in `text` start new lines.
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        var word = String(word)
        let gap = line.isEmpty ? 0 : 1
        if DisplayWidth.of(line) + gap + DisplayWidth.of(word) <= width {
          line += (line.isEmpty ? "" : " ") + word
          continue
        }
        if !line.isEmpty {
          // Japanese and Chinese lines break between characters, so a word with wide ones
          // fills the line instead of leaving a gap.
          let room = width - DisplayWidth.of(line) - 1
          let piece = breakablePrefix(word, toWidth: room)
          if !piece.isEmpty {
            line += " " + piece
            word.removeFirst(piece.count)
          }
          result.append(line)
        }
        line = ""
        // A word wider than the line is cut into line-sized pieces.
        while DisplayWidth.of(word) > width {
          var piece = DisplayWidth.prefix(word, toWidth: width)
          if piece.isEmpty { piece = String(word.first!) }
          result.append(piece)
          word.removeFirst(piece.count)
        }
        line = word
      }
      result.append(line)
    }
    return result
  }

  /// Characters a line must not start with: closing brackets and punctuation (kinsoku).
  private static let noLineStart = Set("、。，．,.)）」』】〕！？!?ー…・：；:;％%")

  /// The longest prefix of `word` within `width` that ends where a line may break inside a
  /// word: next to a wide character, and not before a character a line must not start with.
  static func breakablePrefix(_ word: String, toWidth width: Int) -> String {
    guard width > 0, word.contains(where: { DisplayWidth.of($0) == 2 }) else { return "" }
    var piece = DisplayWidth.prefix(word, toWidth: width)
    while let last = piece.last, piece.count < word.count {
      let next = word[word.index(word.startIndex, offsetBy: piece.count)]
      let wide = DisplayWidth.of(last) == 2 || DisplayWidth.of(next) == 2
      if wide, !noLineStart.contains(next) { return piece }
      piece.removeLast()
    }
    return ""
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
