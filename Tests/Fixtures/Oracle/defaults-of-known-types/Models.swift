import Foundation

enum Kind58 { case none, some }

struct Box58 {
    static let empty = Box58()
}

struct Token58 {
    init?(raw: String) { nil }
    init(number: Int) {}
}

final class Sub58: Sendable {}

final class Holder58 {
    static let shared = Sub58()
}

protocol Show58 {
    var small: Int8 { get }
    var kind: Kind58 { get }
    var ratio: Double { get }
    var text: String { get }
    var link: URL? { get }
    var box: Box58 { get }
    var number: Int? { get }
    var sub: Sub58 { get }
    var token: Token58 { get }
    var maybe: Token58? { get }
    var least: Int8 { get }
    var most: Float { get }
    var letter: Character { get }
}

// decouple: Show58(small: oSmall ?? Int8.max, kind: oKind ?? Kind58.none, ratio: oRatio ?? Double.pi, text: oText ?? String(1), link: oLink ?? URL(string: "https://example.com"), box: oBox ?? Box58.empty, number: oNumber ?? Int("5"), sub: oSub ?? Holder58.shared, token: oToken ?? Token58(number: 1), maybe: oMaybe ?? Token58(raw: "x"), least: oLeast ?? Int8(-128), most: oMost ?? Float(3.4e38), letter: oLetter ?? Character("e\u{301}"))
struct Shown58 {
    var oSmall: Int8?
    var oKind: Kind58?
    var oRatio: Double?
    var oText: String?
    var oLink: URL?
    var oBox: Box58?
    var oNumber: Int?
    var oSub: Sub58?
    var oToken: Token58?
    var oMaybe: Token58?
    var oLeast: Int8?
    var oMost: Float?
    var oLetter: Character?
}
