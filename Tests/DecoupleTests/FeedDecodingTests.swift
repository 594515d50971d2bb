import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// `decodeFeed` keeps every good item whatever is wrong with the others: each item is read on its
/// own, so only what makes the items impossible to tell apart costs the whole feed.
@Suite struct FeedDecodingTests {
    private func user(_ name: String, extra: String = "") -> String {
        #"{"type": "user", "name": "\#(name)", "age": "1"\#(extra)}"#
    }

    private func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func anItemNestedDeeperThanJSONDecoderReads_costsThatItemOnly() throws {
        // Inside the feed's array, 511 levels of item reach JSONDecoder's limit of 512 for the
        // whole document; read on its own the item is within it. 600 levels are too deep anyway.
        let json = "[" + [
            user("Ann"),
            user("Deep", extra: #", "extra": "# + nested(510)),
            user("Deeper", extra: #", "extra": "# + nested(599)),
            user("Bo"),
        ].joined(separator: ",\n ") + "]"
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == ["Ann", "Deep", "Bo"])
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 2: the item at line 3, column 2 is nested 600 levels deep, deeper than JSONDecoder reads (512 levels)
            """
        }
    }

    @Test func anItemThatIsNotValidJSON_costsThatItemOnly() throws {
        let json = """
        [\(user("Ann")),
         {"type": "user", "name": tru},
         {"type": "user" "name": "x"},
         1 2,
         ,
         {"type": "video"},
         \(user("Bo")),
        ]
        """
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == ["Ann", "Bo"])
        #expect(feed.count == 8)
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 1: the item at line 2, column 2 is not valid JSON
            item 2: the item at line 3, column 2 is not valid JSON
            item 3: the item at line 4, column 2 is not valid JSON
            item 4: the item is empty: there is nothing between its commas or brackets
            item 5 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            item 7: the item is empty: there is nothing between its commas or brackets
            """
        }
    }

    @Test func aFeedWhoseItemsCannotBeToldApart_isRefusedSayingWhereAndWhy() throws {
        let factory = try seedFactory()
        let feeds = ["", "  \n ", #"{"type": "user"}"#, "[\(user("Ann")),\n {\"type\": [}]", "[\(user("Ann")),\n {",
                     #"[{"type": "user}]"#, "[\(user("Ann"))", "[] []", "]"]
        var messages: [String] = []
        for json in feeds {
            do {
                _ = try factory.decodeFeed(from: Data(json.utf8))
                Issue.record("\(json) is not a feed")
            } catch {
                messages.append(error.description)
            }
        }
        assertInlineSnapshot(of: messages.joined(separator: "\n"), as: .lines) {
            """
            the feed cannot be read as a JSON array, so none of its items were decoded: there is no JSON in the data: it is empty or only white space
            the feed cannot be read as a JSON array, so none of its items were decoded: there is no JSON in the data: it is empty or only white space
            the feed cannot be read as a JSON array, so none of its items were decoded: it starts with '{' at line 1, column 1, not with '['
            the feed cannot be read as a JSON array, so none of its items were decoded: '}' at line 2, column 12 does not close the '[' at line 2, column 11
            the feed cannot be read as a JSON array, so none of its items were decoded: '{' at line 2, column 2 is never closed
            the feed cannot be read as a JSON array, so none of its items were decoded: the string at line 1, column 11 is never closed
            the feed cannot be read as a JSON array, so none of its items were decoded: the array opened at line 1, column 1 is never closed
            the feed cannot be read as a JSON array, so none of its items were decoded: '[' at line 1, column 4 follows the end of the array
            the feed cannot be read as a JSON array, so none of its items were decoded: it starts with ']' at line 1, column 1, not with '['
            """
        }
    }

    @Test func aFeedInUTF16OrWithAByteOrderMark_isReadAsJSONDecoderReadsIt() throws {
        let json = "[\(user("Ann")), \(user("Bo"))]"
        let factory = try seedFactory()
        for data in [json.data(using: .utf16BigEndian)!, json.data(using: .utf16LittleEndian)!,
                     json.data(using: .utf16)!, json.data(using: .utf32BigEndian)!,
                     json.data(using: .utf32LittleEndian)!, Data([0xEF, 0xBB, 0xBF] + Array(json.utf8))] {
            let feed = try factory.decodeFeed(from: data)
            #expect(feed.items.map(\.title) == ["Ann", "Bo"], "\(Array(data.prefix(4)))")
            #expect(feed.errors.isEmpty)
        }
    }

    /// `text` in `encoding` (UTF-8, UTF-16 or UTF-32, either byte order), with the code unit of
    /// the ASCII character `placeholder` replaced by `unit`, which may be one no text can hold.
    private func encoded(_ text: String, _ encoding: String.Encoding, replacing placeholder: Character = "~", with unit: UInt32? = nil) -> Data {
        let mark = UInt32(placeholder.asciiValue!)
        let replace = { (value: UInt32) in value == mark ? unit ?? value : value }
        func bytes(_ value: UInt32, _ width: Int, bigEndian: Bool) -> [UInt8] {
            let little = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? little.reversed() : little
        }
        return switch encoding {
        case .utf16BigEndian, .utf16LittleEndian:
            Data(text.utf16.flatMap { bytes(replace(UInt32($0)), 2, bigEndian: encoding == .utf16BigEndian) })
        case .utf32BigEndian, .utf32LittleEndian:
            Data(text.unicodeScalars.flatMap { bytes(replace($0.value), 4, bigEndian: encoding == .utf32BigEndian) })
        default:
            Data(text.utf8.map { UInt8(truncatingIfNeeded: replace(UInt32($0))) })
        }
    }

    private static let encodings: [String.Encoding] = [.utf8, .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian]

    @Test func aCharacterNoTextCanHoldInOneItem_costsThatItemOnly_sayingWhere() throws {
        // A byte that is no UTF-8, a lone surrogate in UTF-16, a surrogate or a number past
        // U+10FFFF in UTF-32: each costs only the item that has it, which is refused saying where.
        let json = "[\(user("Ann")),\n \(user("B~")),\n \(user("Cy"))]"
        let cases: [(String.Encoding, UInt32)] = [(.utf8, 0xFF), (.utf8, 0xED), (.utf16BigEndian, 0xD800), (.utf16LittleEndian, 0xDC00),
                                                  (.utf16LittleEndian, 0xDBFF), (.utf32BigEndian, 0xD800), (.utf32LittleEndian, 0x11_0000)]
        for (encoding, unit) in cases {
            let feed = try seedFactory().decodeFeed(from: encoded(json, encoding, with: unit))
            let what = "\(encoding) with \(String(unit, radix: 16))"
            #expect(feed.items.map(\.title) == ["Ann", "Cy"], "\(what)")
            let encodingName = encoding == .utf8 ? "UTF-8" : encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? "UTF-16" : "UTF-32"
            #expect(feed.errors.map(\.description) == [
                "item 1: the item at line 2, column 2 has text that is not valid \(encodingName) at line 2, column 29",
            ], "\(what)")
        }
    }

    @Test func aStringThatJSONDoesNotAllow_isRefusedSayingWhere() throws {
        // JSONDecoder reads a string only when a model asks for it, and then says little; the
        // item is refused before, with the place of the first thing wrong in its strings.
        let json = "[\(user("a\tb")),\n \(user(#"a\x"#)),\n \(user(#"\u12G4"#)),\n \(user(#"\u12f4 \" \\ \/ \b\f\n\r\t"#))]"
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == ["\u{12F4} \" \\ / \u{8}\u{C}\n\r\t"])
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0: the item at line 1, column 2 is not valid JSON: a string holds U+0009, unescaped, at line 1, column 29
            item 1: the item at line 2, column 2 is not valid JSON: the backslash at line 2, column 29 does not begin an escape
            item 2: the item at line 3, column 2 is not valid JSON: the backslash at line 3, column 28 does not begin an escape
            """
        }
    }

    @Test func positions_countEveryKindOfLineBreak_andCharactersAsAReaderSeesThem() throws {
        // CR, LF and CRLF each end a line, also where a backslash escapes one in a string (not
        // valid JSON, but what follows keeps its place). A column counts extended grapheme
        // clusters: "é" written as e and a combining accent is one, so is 👍🏽, and so is 🇫🇷.
        // UTF-16 and UTF-32 text has the same positions.
        let json = "[tru,\r tru,\r\n tru,\n {\"type\": \"user\", \"name\": \"a\\\nb\\\r\nc\"},\n tru,\n "
            + user("e\u{301}中👍🏽 🇫🇷") + ", tru, \"e\u{301}\", tru]"
        var errors: [String] = []
        for encoding in Self.encodings {
            let feed = try seedFactory().decodeFeed(from: encoded(json, encoding))
            #expect(feed.items.map(\.title) == ["e\u{301}中👍🏽 🇫🇷"], "\(encoding)")
            if encoding == .utf8 { errors = feed.errors.map(\.description) }
            #expect(feed.errors.map(\.description) == errors, "\(encoding)")
        }
        assertInlineSnapshot(of: errors.joined(separator: "\n"), as: .lines) {
            """
            item 0: the item at line 1, column 2 is not valid JSON
            item 1: the item at line 2, column 2 is not valid JSON
            item 2: the item at line 3, column 2 is not valid JSON
            item 3: the item at line 4, column 2 is not valid JSON: the backslash at line 4, column 29 does not begin an escape
            item 4: the item at line 7, column 2 is not valid JSON
            item 6: the item at line 8, column 49 is not valid JSON
            item 7: the value is not an object: Expected to decode Dictionary<String, Any> but found a string instead.
            item 8: the item at line 8, column 59 is not valid JSON
            """
        }
        // Where the feed cannot be split, the same counting says where.
        var messages: [String] = []
        for json in ["[\r\r {", "[\"中\", {", "[\"👍🏽\\\r\n\", 1\r]}", "[\"e\u{301}\"] x"] {
            for encoding in Self.encodings {
                do {
                    _ = try seedFactory().decodeFeed(from: encoded(json, encoding))
                    Issue.record("\(json) is not a feed")
                } catch let error as ContentFactoryError {
                    if encoding == .utf8 { messages.append(error.description) }
                    #expect(error.description == messages.last, "\(encoding)")
                }
            }
        }
        assertInlineSnapshot(of: messages.joined(separator: "\n"), as: .lines) {
            """
            the feed cannot be read as a JSON array, so none of its items were decoded: '{' at line 3, column 2 is never closed
            the feed cannot be read as a JSON array, so none of its items were decoded: '{' at line 1, column 7 is never closed
            the feed cannot be read as a JSON array, so none of its items were decoded: '}' at line 3, column 2 follows the end of the array
            the feed cannot be read as a JSON array, so none of its items were decoded: 'x' at line 1, column 7 follows the end of the array
            """
        }
    }

    @Test func pastTheFirst1000BadItems_errorsAreCounted_andEveryGoodItemIsKept() throws {
        // 1,500 bad items of every kind, each beside a good one, spread over several batches.
        let bad = ["tru", "", "7", #"{"type": "video"}"#, #"{"type": "user", "name": 1, "age": "1"}"#, #"{"type": "user", "name": "\x"}"#]
        let json = "[" + (0..<1_500).map { "\(user("u\($0)")), \(bad[$0 % bad.count])" }.joined(separator: ",\n ") + "]"
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == (0..<1_500).map { "u\($0)" })
        #expect(feed.errorCount == 1_500)
        #expect(feed.count == 3_000)
        #expect(feed.errors.count == Feed<any TitledContent>.errorLimit)
        #expect(feed.errors.map(\.index) == (0..<1_000).map { 2 * $0 + 1 })
        assertInlineSnapshot(of: feed.errors.suffix(6).map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 1989 ("user"): 'name' is not a String: Expected to decode String but found number instead.
            item 1991: the item at line 996, column 48 is not valid JSON: the backslash at line 996, column 74 does not begin an escape
            item 1993: the item at line 997, column 48 is not valid JSON
            item 1995: the item is empty: there is nothing between its commas or brackets
            item 1997: the value is not an object: Expected to decode Dictionary<String, Any> but found number instead.
            item 1999 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            """
        }
    }

    @Test func anEmptyFeed_hasNoItems() throws {
        for json in ["[]", " [ \n ] "] {
            #expect(try seedFactory().decodeFeed(from: Data(json.utf8)).count == 0)
        }
    }

    @Test func anItemWithAKeyTwice_isRefusedNamingTheKey_ratherThanLoseAValue() throws {
        let json = """
        [{"type": "user", "name": "Ann", "name": "Bo", "age": "1"},
         \(user("Cy", extra: #", "extra": {"list": [1, {"a": 1, "\u0061": 2}]}"#)),
         {"type": "user", "type": "story", "name": "Di", "age": "1"},
         \(user("Ed", extra: #", "extra": {"name": "same key, other object"}, "list": [{"a": 1}, {"a": 2}]"#)),
         {"type": "story", "story": "Fox", "description": "A", "desc\\u0072iption": "B"}]
        """
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == ["Ed"])
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0 ("user"): the key "name" appears twice; refused rather than keep only one of its values
            item 1 ("user"): the key "a" appears twice in 'extra.list[1]'; refused rather than keep only one of its values
            item 2: the key "type" appears twice; refused rather than keep only one of its values
            item 4 ("story"): the key "description" appears twice; refused rather than keep only one of its values
            """
        }
    }

    private struct ValidationError: LocalizedError {
        var errorDescription: String? { "age must not be negative" }
    }

    private enum Refusal: Error { case tooYoung }

    private struct Plain: Error { var age: Int }

    private struct Checked: Decodable {
        let age: Int
        private enum CodingKeys: CodingKey { case age }

        init(from decoder: any Decoder) throws {
            age = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .age)
            switch age {
            case ..<0: throw ValidationError()
            case 0: throw Refusal.tooYoung
            case 1: throw Plain(age: age)
            case 2: throw NSError(domain: "Checks", code: 7, userInfo: [NSLocalizedDescriptionKey: "checked by NSError"])
            default: break
            }
        }
    }

    @Test func anErrorThatIsNotADecodingError_isToldWithItsTypeAndDescription() throws {
        let factory = ContentFactory<Int>()
        try factory.register(Checked.self, tag: "checked") { $0.age }
        let json = #"[{"type": "checked", "age": -1}, {"type": "checked", "age": 0}, {"type": "checked", "age": 1}, {"type": "checked", "age": 2}, {"type": "checked", "age": 3}]"#
        let feed = try factory.decodeFeed(from: Data(json.utf8))
        #expect(feed.items == [3])
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0 ("checked"): decoding it threw ValidationError: age must not be negative
            item 1 ("checked"): decoding it threw Refusal: tooYoung
            item 2 ("checked"): decoding it threw Plain(age: 1)
            item 3 ("checked"): decoding it threw NSError: checked by NSError
            """
        }
    }
}

/// What a feed costs, and what it runs: each good item's `init(from:)` once, messages written
/// only when read, keys compared as the decoder sees them.
@Suite struct FeedCostTests {
    /// A model that counts how often it is decoded, in the counter the feed's decoder carries.
    private struct Counted: Decodable {
        static let counter = CodingUserInfoKey(rawValue: "counter")!
        let name: String
        private enum CodingKeys: CodingKey { case name }

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[Self.counter] as? Shared<[String]>)?.append(
                (try? decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)) ?? "?")
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    @Test func eachGoodItemIsDecodedOnce_andARefusedOneNotAtAll() throws {
        let factory = ContentFactory<String>()
        try factory.register(Counted.self, tag: "counted") { $0.name }
        let good = #"{"type": "counted", "name": "a"}, {"type": "counted", "name": "b"}"#
        let feeds = [
            "all good": "[\(good)]",
            "an item that is not JSON": #"[\#(good), {"type": "counted", "name": tru}]"#,
            "an empty item": "[\(good),, 1]",
            "an item too deep": "[\(good), \(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))]",
            "an item with a key twice": #"[\#(good), {"type": "counted", "name": "x", "name": "y"}]"#,
            "an unregistered tag": #"[\#(good), {"type": "other", "name": "x"}]"#,
        ]
        for (shape, json) in feeds.sorted(by: { $0.key < $1.key }) {
            let decoded = Log<String>()
            let feed = try factory.decodeFeed(from: Data(json.utf8)) { $0.userInfo[Counted.counter] = decoded }
            #expect(feed.items == ["a", "b"], "\(shape)")
            #expect(decoded.all == ["a", "b"], "\(shape): the models decoded")
        }
    }

    @Test func aTagSpelledWithEscapesOrBeyondASCII_isReadAsTheDecoderReadsIt() throws {
        let factory = ContentFactory<String>()
        try factory.register(Counted.self, tag: "user") { "user " + $0.name }
        try factory.register(CCBModel.self, tag: "用户") { "用户 " + $0.story }
        let json = #"""
        [{"type": "user", "name": "a"}, {"typ\u0065": "us\u0065r", "name": "b"}, {"type": "用户", "story": "3", "description": ""},
         {"type": "\u7528\u6237", "story": "4", "description": ""}, {"type": 1}, {"type": null}, {"name": "c", "type": "user"},
         {"extra": {"type": "x"}, "type": "user", "name": "type"}]
        """#
        let feed = try factory.decodeFeed(from: Data(json.utf8))
        #expect(feed.items == ["user a", "user b", "用户 3", "用户 4", "user c", "user type"])
        #expect(feed.errors.map(\.description) == [
            "item 4: 'type' is not a String: Expected to decode String but found number instead.",
            "item 5: 'type' is null where a String is expected",
        ])
    }

    @Test func anUnregisteredTag_listsAtMost10RegisteredTags() throws {
        let factory = ContentFactory<Int>()
        try registerTags(1_000, in: factory)
        let feed = try factory.decodeFeed(from: Data(#"[{"type": "video"}, {"type": "t0007"}]"#.utf8))
        #expect(feed.items == [7])
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0 ("video"): no adapter registered for type tag "video"; registered tags: "t0000", "t0001", "t0002", "t0003", "t0004", "t0005", "t0006", "t0007", "t0008", "t0009", … and 990 more
            """
        }
        // The same sentence as the factory's own error.
        #expect(feed.errors.first?.reason == ContentFactoryError.unregisteredTag("video", registered: factory.registeredTags).description)
    }

    @Test func keysThatTheKeyStrategyMakesOne_areRefusedAsAKeyTwice() throws {
        let json = """
        [{"type": "user", "first_name": "A", "firstName": "B", "name": "Ann", "age": "1"},
         {"type": "user", "name": "Bo", "age": "1", "extra": {"list": [{"a_b": 1, "a\\u005fb": 2, "aB": 3}]}},
         {"type": "user", "name": "Cy", "age": "1", "extra": [{"x_y": 1}, {"xY": 2}], "x_y": {"xY": 1}}]
        """
        let snake = try seedFactory().decodeFeed(from: Data(json.utf8)) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(snake.items.map(\.title) == ["Cy"])
        // Without the strategy, only "a_b" and "a\u005fb" are the same key.
        #expect(try seedFactory().decodeFeed(from: Data(json.utf8)).items.map(\.title) == ["Ann", "Cy"])
        let custom = try seedFactory().decodeFeed(from: Data(#"[{"type": "user", "Name": "A", "name": "B", "age": "1"}]"#.utf8)) {
            $0.keyDecodingStrategy = .custom { path in
                type(of: path.last!).init(stringValue: path.last!.stringValue.lowercased())!
            }
        }
        assertInlineSnapshot(of: (snake.errors + custom.errors).map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0 ("user"): the keys "first_name" and "firstName" are both "firstName" under the decoder's key strategy; refused rather than keep only one of their values
            item 1 ("user"): the key "a_b" appears twice in 'extra.list[0]'; refused rather than keep only one of its values
            item 0 ("user"): the keys "Name" and "name" are both "name" under the decoder's key strategy; refused rather than keep only one of their values
            """
        }
    }

    @Test func nestingPastTheDecodersLimit_isFollowedToTheEnd() throws {
        let deep = String(repeating: "[", count: 600)
        let feeds = [
            "[" + deep,
            "[" + deep + "}]",
            "[1, [" + deep + String(repeating: "]", count: 601) + ", {\"a\": " + deep + String(repeating: "]", count: 600) + "}]",
        ]
        var outcomes: [String] = []
        for json in feeds {
            do {
                let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
                outcomes += feed.errors.map(\.description)
            } catch let error as ContentFactoryError {
                outcomes.append(error.description)
            }
        }
        assertInlineSnapshot(of: outcomes.joined(separator: "\n"), as: .lines) {
            """
            the feed cannot be read as a JSON array, so none of its items were decoded: the item at line 1, column 2 is never closed: 600 arrays and objects are open when the data ends
            the feed cannot be read as a JSON array, so none of its items were decoded: '}' at line 1, column 602 does not close the array opened 600 levels deep in the item at line 1, column 2
            item 0: the value is not an object: Expected to decode Dictionary<String, Any> but found number instead.
            item 1: the item at line 1, column 5 is nested 601 levels deep, deeper than JSONDecoder reads (512 levels)
            item 2: the item at line 1, column 1209 is nested 601 levels deep, deeper than JSONDecoder reads (512 levels)
            """
        }
    }
}

/// Registers `count` tags, `t0000`, `t0001`, …, each for a model type of its own (a
/// specialisation of a generic type: a factory takes each type once), decoding to its number.
func registerTags(_ count: Int, in factory: ContentFactory<Int>) throws {
    func register<Model: Decodable & Sendable>(_: Model.Type, bits: Int, number: Int) throws {
        guard bits > 0 else {
            if number < count { try factory.register(Model.self, tag: String(format: "t%04d", number)) { _ in number } }
            return
        }
        try register(Bit<Model, Zero>.self, bits: bits - 1, number: number * 2)
        try register(Bit<Model, One>.self, bits: bits - 1, number: number * 2 + 1)
    }
    let bits = Int.bitWidth - (count - 1).leadingZeroBitCount
    try register(Leaf.self, bits: bits, number: 0)
}

private struct Leaf: Decodable, Sendable {}
private enum Zero {}
private enum One {}
private struct Bit<Rest, Value>: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}

