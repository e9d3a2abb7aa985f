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
        if !line.isEmpty { result.append(line) }
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
}
