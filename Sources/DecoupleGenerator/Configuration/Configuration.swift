// MARK: - Configuration

/// How generated code adapts a model to a protocol.
public enum OutputStyle: String, Sendable, CaseIterable, Codable {
    /// `extension Model: Protocol { … }`: the model itself conforms. The default.
    case conformance
    /// A hidden adapter type per model, and one function that registers them all in a
    /// `ContentFactory` (the class cluster).
    case factory
    /// The model conforms, and `ForwardingProxy` gets the protocol's conformance, its
    /// `MemberTable` (a `static let` read through closures, for look-up by name), and a typed
    /// `subscript(dynamicMember:)` that answers `nil` when nothing is injected for the protocol.
    case proxy
}

/// Where a requirement's value comes from.
public struct MappingSource: Hashable, Sendable {
    public var member: String
    /// The Swift expression used when the member is `nil`; for a constant, the value itself.
    package var defaultExpression: DefaultExpression?
    /// The default as Swift code writes it.
    public var defaultValue: String? { defaultExpression?.text }
    /// No member feeds the requirement: it is always ``defaultValue`` (`{"default": null}`, or
    /// `null`, in the configuration).
    package var isConstant = false
    /// Where the member is named: a JSON value, an annotation's argument, a `@Maps` key path.
    public var position: SourcePosition?
    /// Where a mapping written on the member itself starts (its `@Maps` attribute): problems
    /// with the member it reads are shown there, beside the fix.
    package var attributePosition: SourcePosition?
    /// Where the default is written, for problems with it.
    public var defaultPosition: SourcePosition?

    /// A mapping from `member`, with `defaultValue` (a Swift expression, parsed here once) when
    /// it is `nil`.
    public init(member: String, defaultValue: String? = nil, position: SourcePosition? = nil, defaultPosition: SourcePosition? = nil) {
        self.init(member: member, default: defaultValue.map(DefaultExpression.init(parsing:)), position: position, defaultPosition: defaultPosition)
    }

    package init(member: String, default defaultExpression: DefaultExpression?, position: SourcePosition? = nil, defaultPosition: SourcePosition? = nil) {
        self.member = member
        self.defaultExpression = defaultExpression
        self.position = position
        self.defaultPosition = defaultPosition
    }
}

extension MappingSource {
    /// A requirement that is always `value`, written at `position`.
    static func constant(_ value: DefaultExpression, at position: SourcePosition) -> MappingSource {
        var source = MappingSource(member: "", default: value, position: position, defaultPosition: position)
        source.isConstant = true
        return source
    }
}

/// One model adapted to one protocol, as the configuration or an annotation asks.
public struct AdapterRequest: Hashable, Sendable {
    public var model: String
    public var protocolName: String
    /// Requirement name → where its value comes from. Requirements not listed are matched by name.
    public var map: [String: MappingSource]
    public var style: OutputStyle?
    /// The type tag that selects this model in data (factory style).
    public var tag: String?
    public var position: SourcePosition?
    public var modelPosition: SourcePosition?
    public var protocolPosition: SourcePosition?
    public var mapPositions: [String: SourcePosition]
    /// The module (a SwiftPM target, or any folder in the path) the model is declared in: it
    /// chooses among types of one name, and the generated file imports it.
    public var module: String?
    public var modulePosition: SourcePosition?
    /// Where the tag is written.
    public var tagPosition: SourcePosition?
    /// For an annotation: the declaration it is written on, among others of the same name.
    var declarationPosition: SourcePosition?

    public init(
        model: String, protocolName: String, map: [String: MappingSource] = [:], style: OutputStyle? = nil,
        tag: String? = nil, position: SourcePosition? = nil
    ) {
        self.model = model
        self.protocolName = protocolName
        self.map = map
        self.style = style
        self.tag = tag
        self.position = position
        self.modelPosition = position
        self.protocolPosition = position
        self.mapPositions = [:]
    }

    /// The mapping of a requirement, its name compared as the compiler compares identifiers.
    func source(for requirement: String) -> MappingSource? {
        map.first { $0.key.isSameIdentifier(as: requirement) }?.value
    }

    /// Maps a requirement to a source written in one place, as annotations and `@Maps` do.
    mutating func map(_ requirement: String, to source: MappingSource) {
        map[requirement] = source
        mapPositions[requirement] = source.position
    }
}

/// The `decouple.json` file.
///
/// ```json
/// { "style": "conformance",
///   "adapters": [
///     { "model": "CCAModel", "protocol": "TitledContent",
///       "map": { "title": "name", "subtitle": { "from": "bio", "default": "-" } } } ] }
/// ```
public struct Configuration: Sendable {
    public var style: OutputStyle
    public var adapters: [AdapterRequest]
    /// `"exclude"`: glob patterns of source paths the command-line tool does not read.
    package var exclude: [String] = []
    /// The module the generated file is compiled in: never imported by it.
    public var module: String?
    /// Paths of files read for their declarations only (`decouple generate --context`, the
    /// build plugin's dependency targets): their models can be adapted by the configuration,
    /// and their `// decouple:` annotations are their own target's to generate.
    package var declarationsOnly: Set<String> = []
    /// `"defaultIsolation"`: the isolation the module's declarations have when they say none,
    /// as its target is built (`-default-isolation MainActor`, SwiftPM's
    /// `.defaultIsolation(MainActor.self)`, Xcode's Default Actor Isolation).
    public var defaultIsolation: DefaultIsolation = .nonisolated

    public init(style: OutputStyle = .conformance, adapters: [AdapterRequest] = []) {
        self.style = style
        self.adapters = adapters
    }

    /// Reads a configuration file's text.
    ///
    /// - Throws: ``GenerationFailure`` listing every problem, each at its line and column.
    public static func parse(_ text: String, path: String) throws(GenerationFailure) -> Configuration {
        let root: JSONNode
        do {
            root = try JSONReader.parse(text, file: path)
        } catch {
            throw GenerationFailure([error])
        }
        var reader = ConfigurationReader()
        let configuration = reader.read(root)
        guard reader.diagnostics.isEmpty else { throw GenerationFailure(reader.diagnostics) }
        return configuration
    }
}

/// The isolation a module gives the declarations that say none.
public enum DefaultIsolation: String, CaseIterable, Sendable {
    /// Swift's default: what says nothing is nonisolated.
    case nonisolated
    /// `-default-isolation MainActor`, the default of new app targets: every type, protocol
    /// and extension that says nothing is `@MainActor`.
    case mainActor = "MainActor"
}

private struct ConfigurationReader {
    var diagnostics: [Diagnostic] = []

    mutating func read(_ root: JSONNode) -> Configuration {
        var configuration = Configuration()
        guard case let .object(members) = root.value else {
            diagnostics.append(Diagnostic("the configuration must be a JSON object, found \(root.kindName)", rule: .configurationShape, at: root.position))
            return configuration
        }
        for (key, keyPosition, value) in members {
            switch key {
            case "style":
                if let style = readStyle(value) { configuration.style = style }
            case "adapters":
                guard case let .array(elements) = value.value else {
                    diagnostics.append(Diagnostic("'adapters' must be an array, found \(value.kindName)", rule: .configurationShape, at: value.position))
                    continue
                }
                configuration.adapters = elements.compactMap { readAdapter($0) }
            case "exclude":
                guard case let .array(elements) = value.value else {
                    diagnostics.append(Diagnostic("'exclude' must be an array of glob patterns, found \(value.kindName)", rule: .configurationShape, at: value.position))
                    continue
                }
                configuration.exclude = elements.compactMap { readString($0, key: key) }
            case "module":
                configuration.module = readString(value, key: key)
            case "defaultIsolation":
                guard let text = readString(value, key: key) else { continue }
                guard let isolation = DefaultIsolation(rawValue: text) else {
                    let names = DefaultIsolation.allCases.map(\.rawValue)
                    diagnostics.append(Diagnostic(
                        "unknown default isolation '\(text)' (\(names.map { "\"\($0)\"" }.joined(separator: " or ")), as the target is built)\(Suggestion.didYouMean(text, among: names))",
                        rule: .unknownConfigurationValue, at: value.position))
                    continue
                }
                configuration.defaultIsolation = isolation
            default:
                unknownKey(key, at: keyPosition, known: ["style", "adapters", "exclude", "module", "defaultIsolation"], in: "the configuration")
            }
        }
        return configuration
    }

    private mutating func readAdapter(_ node: JSONNode) -> AdapterRequest? {
        guard case let .object(members) = node.value else {
            diagnostics.append(Diagnostic("each adapter must be an object, found \(node.kindName)", rule: .configurationShape, at: node.position))
            return nil
        }
        var model: (String, SourcePosition)?
        var protocolName: (String, SourcePosition)?
        var request = AdapterRequest(model: "", protocolName: "", position: node.position)
        for (key, keyPosition, value) in members {
            switch key {
            case "model": model = readString(value, key: key).map { (Self.unescapedPath($0), value.position) }
            case "protocol": protocolName = readString(value, key: key).map { (Self.unescapedPath($0), value.position) }
            case "style": request.style = readStyle(value)
            case "tag":
                request.tag = readString(value, key: key)
                request.tagPosition = value.position
            case "module":
                request.module = readString(value, key: key)
                request.modulePosition = value.position
            case "map":
                guard case let .object(entries) = value.value else {
                    diagnostics.append(Diagnostic("'map' must be an object from requirement to member, found \(value.kindName)", rule: .configurationShape, at: value.position))
                    continue
                }
                for (requirement, requirementPosition, source) in entries {
                    request.mapPositions[requirement] = requirementPosition
                    if let mapped = readSource(source, requirement: requirement) { request.map[requirement] = mapped }
                }
            default:
                unknownKey(key, at: keyPosition, known: ["model", "protocol", "map", "style", "tag", "module"], in: "an adapter")
            }
        }
        guard let model else {
            diagnostics.append(Diagnostic("adapter is missing \"model\"", rule: .configurationMissingKey, at: node.position))
            return nil
        }
        guard let protocolName else {
            diagnostics.append(Diagnostic("adapter for '\(model.0)' is missing \"protocol\"", rule: .configurationMissingKey, at: node.position))
            return nil
        }
        request.model = model.0
        request.modelPosition = model.1
        request.protocolName = protocolName.0
        request.protocolPosition = protocolName.1
        return request
    }

    /// `"member"`, `{"from": "member", "default": value}`, or a constant: `{"default": value}`
    /// or `null`.
    private mutating func readSource(_ node: JSONNode, requirement: String) -> MappingSource? {
        switch node.value {
        case let .string(member):
            return memberName(member, at: node.position).map { MappingSource(member: $0, position: node.position) }
        case .null:
            return .constant(.nilLiteral, at: node.position)
        case let .object(members):
            var member: String?
            var defaultValue: DefaultExpression?
            var defaultPosition: SourcePosition?
            var memberPosition = node.position
            for (key, keyPosition, value) in members {
                switch key {
                case "from":
                    member = readString(value, key: key)
                    memberPosition = value.position
                case "default":
                    defaultValue = swiftLiteral(value)
                    defaultPosition = value.position
                default:
                    unknownKey(key, at: keyPosition, known: ["from", "default"], in: "the mapping of '\(requirement)'")
                }
            }
            guard let member else {
                if let defaultValue, let defaultPosition { return .constant(defaultValue, at: defaultPosition) }
                diagnostics.append(Diagnostic(
                    "the mapping of '\(requirement)' is missing \"from\" (the member to read), or \"default\" alone for a constant",
                    rule: .configurationMissingKey, at: node.position))
                return nil
            }
            guard let member = memberName(member, at: memberPosition) else { return nil }
            return MappingSource(member: member, default: defaultValue, position: memberPosition, defaultPosition: defaultPosition)
        default:
            diagnostics.append(Diagnostic(
                "the mapping of '\(requirement)' must be a member name, {\"from\": …, \"default\": …}, or a constant ({\"default\": …} or null), found \(node.kindName)",
                rule: .configurationShape, at: node.position))
            return nil
        }
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: nearly every member name, checked without Unicode properties.
    private static func isASCIIIdentifier(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else {
            return false
        }
        while let byte = bytes.next() {
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard letter || byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
        }
        return true
    }

    /// A dotted type name as Swift writes it, each part that is in backticks without them:
    /// `` "`Outer Space`.`Inner Thing`" `` names the type `Outer Space.Inner Thing`, as the
    /// sources' declarations are named. A name without backticks reads as itself.
    static func unescapedPath(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "`")) else { return text }
        var parts: [String] = []
        var part = ""
        var quoted = false
        for character in text {
            switch character {
            case "`": quoted.toggle()
            case "." where !quoted:
                parts.append(part)
                part = ""
            default: part.append(character)
            }
        }
        return (parts + [part]).joined(separator: ".")
    }

    /// The member a mapping names: an identifier, or a raw identifier in backticks
    /// (`` "`full name`" `` names the member `` `full name` ``); `nil`, with an error, otherwise.
    private mutating func memberName(_ member: String, at position: SourcePosition) -> String? {
        let isIdentifier = Self.isASCIIIdentifier(member) || (!member.isEmpty && !(member.first?.isNumber ?? true)
            && member.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
        if isIdentifier { return member }
        if member.count > 2, member.hasPrefix("`"), member.hasSuffix("`") {
            let raw = member.dropFirst().dropLast()
            if !raw.contains("`"), !raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return String(raw)
            }
        }
        let hint = member.contains("`") ? "" : " (a raw identifier is written in backticks: \"`\(member)`\")"
        diagnostics.append(Diagnostic("'\(member)' is not a member name\(hint)", rule: .notAMemberName, at: position))
        return nil
    }

    /// A JSON default as Swift source: strings become string literals.
    private mutating func swiftLiteral(_ node: JSONNode) -> DefaultExpression? {
        switch node.value {
        case let .string(text): return .string(text)
        case let .number(text): return .number(text)
        case let .bool(value): return .boolean(value)
        case .null: return .nilLiteral
        case .object, .array:
            diagnostics.append(Diagnostic("a default must be a string, number, boolean or null, found \(node.kindName)", rule: .configurationShape, at: node.position))
            return nil
        }
    }

    private mutating func readString(_ node: JSONNode, key: String) -> String? {
        guard case let .string(text) = node.value else {
            diagnostics.append(Diagnostic("'\(key)' must be a string, found \(node.kindName)", rule: .configurationShape, at: node.position))
            return nil
        }
        return text
    }

    private mutating func readStyle(_ node: JSONNode) -> OutputStyle? {
        guard let text = readString(node, key: "style") else { return nil }
        guard let style = OutputStyle(rawValue: text) else {
            let names = OutputStyle.allCases.map(\.rawValue)
            diagnostics.append(Diagnostic(
                "unknown style '\(text)' (styles: \(names.joined(separator: ", ")))\(Suggestion.didYouMean(text, among: names))",
                rule: .unknownConfigurationValue, at: node.position))
            return nil
        }
        return style
    }

    private mutating func unknownKey(_ key: String, at position: SourcePosition, known: [String], in place: String) {
        diagnostics.append(Diagnostic(
            "unknown key '\(key)' in \(place) (expected: \(known.joined(separator: ", ")))\(Suggestion.didYouMean(key, among: known))",
            rule: .unknownConfigurationKey, at: position))
    }
}
