extension Keymap {
  /// The bindings as Markdown, one table per group in first-appearance order, for generated key
  /// documentation (such as `Docs/KEYBINDINGS.md`).
  ///
  /// Disabled reasons depend on state and are left out; every binding is listed.
  public func markdown() -> String {
    var groups: [(title: String, rows: [String])] = []
    for binding in bindings {
      let row = "| \(Self.code(binding.label)) | \(Self.escaped(binding.description)) |"
      if let index = groups.firstIndex(where: { $0.title == binding.group }) {
        groups[index].rows.append(row)
      } else {
        groups.append((binding.group, [row]))
      }
    }
    return groups.map { group in
      (["## \(group.title)", "", "| Key | Action |", "| --- | --- |"] + group.rows)
        .joined(separator: "\n")
    }.joined(separator: "\n\n") + "\n"
  }

  /// A label as inline code; a label holding a backtick gets double backticks and spaces.
  private static func code(_ label: String) -> String {
    let text = escaped(label)
    return label.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }

  /// Pipes would end a table cell.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
