/// What Upload Image checks in a PNG without decoding its pixels: the signature, a well-formed
/// chunk sequence from `IHDR` to `IEND`, the dimensions, and transparency (an alpha channel or
/// a `tRNS` chunk), which Apple refuses.
struct PNGInfo: Equatable, Sendable {
  var width: Int
  var height: Int
  var hasTransparency: Bool

  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Reads `bytes`; nil when they are not a well-formed PNG.
  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == Self.signature else { return nil }
    func word(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var offset = 8
    var header: (width: Int, height: Int, colorType: UInt8)?
    var transparent = false
    var ended = false
    // Chunks: length, type, data, CRC; IHDR first, IEND last.
    while offset + 12 <= bytes.count {
      let length = word(offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      guard length <= bytes.count - offset - 12 else { return nil }
      let data = offset + 8
      if header == nil {
        guard type == "IHDR", length == 13 else { return nil }
        header = (word(data), word(data + 4), bytes[data + 9])
      }
      if type == "tRNS" { transparent = true }
      offset = data + length + 4
      if type == "IEND" {
        ended = true
        break
      }
    }
    guard ended, offset == bytes.count, let header, header.width > 0, header.height > 0 else {
      return nil
    }
    width = header.width
    height = header.height
    // Colour types 4 and 6 carry an alpha channel.
    hasTransparency = transparent || header.colorType == 4 || header.colorType == 6
  }
}
