import DecoupleGenerator
import DecoupleTestSupport
import Testing

/// How mappings are found: configuration, annotations, and names that already match.
@Suite struct MappingTests {
    @Test func byName_needsNoGeneratedMembers() {
        let output = generate(["M.swift": """
            // decouple: TitledContent
            struct Note { var title: String; var subtitle: String }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Note: TitledContent

            extension Note: Decouple.TitledContent {
            }
            """
        }
    }

    @Test func alreadyDeclaredConformance_generatesOnlyWhatIsMissing() {
        let output = generate(["M.swift": """
            import Decouple
            // decouple: TitledContent(subtitle: detail)
            struct Note: TitledContent { var title: String; var detail: String }
            // decouple: TitledContent
            struct Done: TitledContent { var title: String; var subtitle: String }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Note: TitledContent

            extension Note {
                internal var subtitle: Swift.String {
                    self.detail
                }
            }
            """
        }
    }

    @Test func multipleBindingsAndKeyPathAnnotation() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: \\.first, subtitle: self.last)
            struct Person { var first, last: String }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Person: TitledContent

            extension Person: Decouple.TitledContent {
                internal var title: Swift.String {
                    self.first
                }
                internal var subtitle: Swift.String {
                    self.last
                }
            }
            """
        }
    }

    @Test func annotationDefaultAndConversions() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: count, subtitle: note ?? "—")
            public final class Counter { public var count: Int = 0; public var note: String? }
            // decouple: NamedImageContent(name: label, image: icon ?? "placeholder")
            struct Item { var label: String; var icon: String? }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Counter: TitledContent

            extension Counter: Decouple.TitledContent {
                public var title: Swift.String {
                    Swift.String(describing: self.count)
                }
                public var subtitle: Swift.String {
                    self.note ?? "—"
                }
            }

            // MARK: - Item: NamedImageContent

            extension Item: Decouple.NamedImageContent {
                internal var name: Swift.String {
                    self.label
                }
                internal var image: Decouple.ImageName {
                    self.icon.map(Decouple.ImageName.init(_:)) ?? "placeholder"
                }
            }
            """
        }
    }

    @Test func keywordNamedMembersAreEscaped() {
        let output = generate([
            "P.swift": "protocol Settings { var `default`: String { get } }",
            "M.swift": """
                // decouple: Settings(default: value)
                struct Pref { var value: String }
                """,
        ])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Pref: Settings

            extension Pref: Settings {
                internal var `default`: Swift.String {
                    self.value
                }
            }
            """
        }
    }

    @Test func proxyStyle_storesTheMemberTableOnce_addsTypedLookUp_andInjectionThatPassesIt() {
        let output = generate([
            "P.swift": "public protocol BadgeContent { var badge: String { get }; var `default`: Int? { get } }",
            "M.swift": "public struct Ticket { public var code: String; public var seats: Int? }",
        ], config: #"{"adapters": [{"model": "Ticket", "protocol": "BadgeContent", "style": "proxy", "map": {"badge": "code", "default": "seats"}}]}"#)
        assertInlineSnapshot(of: body(output), as: .lines) {
            #"""
            // MARK: - Ticket: BadgeContent

            extension Ticket: BadgeContent {
                public var badge: Swift.String {
                    self.code
                }
                public var `default`: Swift.Int? {
                    self.seats
                }
            }

            // MARK: - ForwardingProxy: BadgeContent

            extension Decouple.MemberTable where Root == any BadgeContent {
                /// The members of `BadgeContent`, for look-up by name through a `ForwardingProxy`.
                public static let badgeContent = Self(readers: [
                    "badge": { $0.badge },
                    "default": { $0.`default` as Any },
                ])
            }

            extension Decouple.ForwardingProxy: @Swift.MainActor BadgeContent {
                @Swift.MainActor public var badge: Swift.String {
                    self.forward(\(any BadgeContent).badge) ?? ""
                }
                @Swift.MainActor public var `default`: Swift.Int? {
                    self.forward(\(any BadgeContent).`default`) ?? nil
                }
            }

            extension Decouple.ForwardingProxy {
                /// Typed look-up of `BadgeContent` members: `nil` when nothing is injected for it.
                @Swift.MainActor public subscript<Value>(dynamicMember keyPath: Swift.KeyPath<any BadgeContent, Value>) -> Value? {
                    self.forward(keyPath)
                }

                /// Injects an object for `BadgeContent`, keeping it alive, with its member table.
                @Swift.MainActor public func inject(_ object: any BadgeContent, as type: (any BadgeContent).Type) {
                    self.inject(object, as: type, members: Decouple.MemberTable<any BadgeContent>.badgeContent)
                }

                /// Injects an object for `BadgeContent` without keeping it alive, with its member table.
                @Swift.MainActor public func inject(weak object: any BadgeContent, as type: (any BadgeContent).Type) throws(Decouple.ForwardingError) {
                    try self.inject(weak: object, as: type, members: Decouple.MemberTable<any BadgeContent>.badgeContent)
                }
            }
            """#
        }
    }

    @Test func stylesCanBeChosenGlobally() {
        let output = generate(
            ["M.swift": "struct Card: Codable { var name: String; var age: Int }"],
            config: #"{"style": "factory", "adapters": [{"model": "Card", "protocol": "TitledContent", "tag": "card", "map": {"title": "name", "subtitle": "age"}}]}"#)
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - TitledContent factory

            private struct CardTitledContentAdapter: Decouple.TitledContent {
                let model: Card
                var title: Swift.String {
                    self.model.name
                }
                var subtitle: Swift.String {
                    Swift.String(describing: self.model.age)
                }
            }

            extension Decouple.ContentFactory where Content == any Decouple.TitledContent {
                /// Registers the adapters `decouple` generated for `TitledContent`.
                internal func registerGeneratedAdapters() throws(Decouple.ContentFactoryError) {
                    try self.register(Card.self, tag: "card") {
                        CardTitledContentAdapter(model: $0)
                    }
                }
            }
            """
        }
    }
}

/// Valid code that was refused: names and members an app has from elsewhere than the model's
/// declaration (issue 54's classes 6, 7, 8 and 11), adapted in the factory style, which writes
/// what it reads. The compiler oracle's fixture `names-and-members-from-elsewhere` type-checks
/// them in every style.
@Suite struct MembersFromElsewhereTests {
    @Test func aNestedID_anAliasedModel_aProtocolExtensionsMember_andAMetatype_areRead() {
        let output = generate([
            "M.swift": """
                import Foundation
                protocol Row: Identifiable { var title: String { get } }
                struct Nested { struct ID: Hashable { var raw: Int }; let id: ID; var title: String }
                struct Aliased { typealias ID = UUID; let id: ID; var title: String }
                enum Forecast { struct Hourly { var title: String; var subtitle: String } }
                typealias HourlyForecast = Forecast.Hourly
                protocol Describes {}
                extension Describes { var subtitle: String { "from the extension" } }
                struct Described: Describes { var title: String }
                enum Format { case plain }
                protocol HasFormat { var format: Format.Type { get } }
                struct Formatted { let format = Format.self }
                """,
        ], config: #"""
            {"style": "factory", "adapters": [
              {"model": "Nested", "protocol": "Row"}, {"model": "Aliased", "protocol": "Row"},
              {"model": "HourlyForecast", "protocol": "TitledContent"}, {"model": "Described", "protocol": "TitledContent"},
              {"model": "Formatted", "protocol": "HasFormat"}]}
            """#)
        assertInlineSnapshot(of: body(output).split(separator: "\n").filter { $0.contains(" var ") || $0.contains("let model") }.joined(separator: "\n"), as: .lines) {
            """
                let model: Formatted
                var format: Format.Type {
                let model: Aliased
                var title: Swift.String {
                var id: UUID {
                let model: Nested
                var title: Swift.String {
                var id: Nested.ID {
                let model: Described
                var title: Swift.String {
                var subtitle: Swift.String {
                let model: Forecast.Hourly
                var title: Swift.String {
                var subtitle: Swift.String {
            """
        }
    }

    /// A protocol that declares `Identifiable`'s `id` again, `var id: ID { get }`, means the
    /// associated type: each model's own `ID` (nested, or an alias) feeds it. An actor's `let`
    /// of its nested `Sendable` type, or of an alias of `UUID`, is read from outside it. A
    /// model named by an alias of a raw identifier is that type. All were refused.
    @Test func aRedeclaredID_actorsNestedIDs_andAnAliasOfARawIdentifier_areRead() {
        let output = generate([
            "M.swift": """
                import Foundation
                protocol Row: Identifiable, Sendable { var id: ID { get }; var title: String { get } }
                struct Nested: Sendable { struct ID: Hashable, Sendable { var raw: Int }; let id: ID; let title: String }
                actor Worker { struct ID: Hashable, Sendable { var raw: Int }; let id: ID; let title: String; init(id: ID) { self.id = id; title = "" } }
                actor Job { typealias ID = UUID; let id: ID; let title: String; init() { id = UUID(); title = "" } }
                struct `Raw Model` { var title: String; var subtitle: String }
                typealias RawAlias = `Raw Model`
                """,
        ], config: #"""
            {"style": "factory", "adapters": [
              {"model": "Nested", "protocol": "Row"}, {"model": "Worker", "protocol": "Row"},
              {"model": "Job", "protocol": "Row"}, {"model": "RawAlias", "protocol": "TitledContent"}]}
            """#)
        assertInlineSnapshot(of: body(output).split(separator: "\n").filter { $0.contains(" var ") || $0.contains("let model") }.joined(separator: "\n"), as: .lines) {
            """
                let model: Job
                var id: UUID {
                var title: Swift.String {
                let model: Nested
                var id: Nested.ID {
                var title: Swift.String {
                let model: Worker
                var id: Worker.ID {
                var title: Swift.String {
                let model: `Raw Model`
                var title: Swift.String {
                var subtitle: Swift.String {
            """
        }
    }

    /// An `NSObject` subclass has `description`: read, not declared again, which an extension
    /// cannot do (it did not compile); mapped to another member, refused in the conformance style.
    @Test func anNSObjectSubclass_hasItsDescription() {
        let sources = [
            "M.swift": """
                import Foundation
                protocol Describable: CustomStringConvertible { var title: String { get } }
                final class Thing: NSObject { var title = "t"; var name = "n" }
                """,
        ]
        let read = generate(sources, config: #"{"adapters": [{"model": "Thing", "protocol": "Describable"}]}"#)
        let mapped = generate(sources, config: #"{"adapters": [{"model": "Thing", "protocol": "Describable", "map": {"description": "name"}}]}"#)
        assertInlineSnapshot(of: body(read) + "\n" + mapped, as: .lines) {
            """
            // MARK: - Thing: Describable

            extension Thing: Describable {
            }
            decouple.json:1:84: error: 'Thing' already has a member 'description' (inherited from NSObject), so a conformance cannot also map 'description' to 'name'; use the factory style or rename one of them [#MemberNameTaken]
            """
        }
    }
}
