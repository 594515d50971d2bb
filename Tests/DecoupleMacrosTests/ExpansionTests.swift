import DecoupleMacrosPlugin
import MacroTesting
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

/// What `@Adapts` and `@Maps` expand to, and what they say when misused.
@Suite(.macros(["Adapts": AdaptsMacro.self, "Maps": MapsMacro.self]))
struct ExpansionTests {
    @Test func mappedMembersWithConversion() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.subtitle) let age: Int
            }
            """
        } expansion: {
            """
            struct User {
                let name: String
                let age: Int
            }

            extension User: Decouple.TitledContent {
                internal var title: Swift.String {
                    self.name
                }
                internal var subtitle: Swift.String {
                    Swift.String(describing: self.age)
                }
            }
            """
        }
    }

    @Test func optionalWithDefaultAndMatchByName() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct Guest {
                let title: String
                @Maps(to: \\TitledContent.subtitle, default: "-") let nickname: String?
            }
            """
        } expansion: {
            """
            struct Guest {
                let title: String
                let nickname: String?
            }

            extension Guest: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    self.nickname ?? "-"
                }
            }
            """
        }
    }

    @Test func aDefaultNamingAMember_isKeptAsWritten() {
        // The expansion is in the model's own declaration, where `fallback` is in scope: the
        // tool refuses such a default (its output is a file of its own), the macro does not.
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct Guest {
                let title: String
                let fallback = "-"
                @Maps(to: \\TitledContent.subtitle, default: fallback) let nickname: String?
            }
            """
        } expansion: {
            """
            struct Guest {
                let title: String
                let fallback = "-"
                let nickname: String?
            }

            extension Guest: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    self.nickname ?? fallback
                }
            }
            """
        }
    }

    @Test func imageFromString() {
        assertMacro {
            """
            @Adapts(NamedImageContent.self)
            struct Person {
                let name: String
                @Maps(to: \\NamedImageContent.image) let avatar: String?
            }
            """
        } diagnostics: {
            #"""
            @Adapts(NamedImageContent.self)
            struct Person {
                let name: String
                @Maps(to: \NamedImageContent.image) let avatar: String?
                ┬──────────────────────────────────
                ╰─ 🛑 'avatar' is optional but 'NamedImageContent.image' is ImageName; give a default for when it is nil [#OptionalWithoutDefault]
                   ✏️ Add a default for when 'avatar' is nil
            }
            """#
        } fixes: {
            #"""
            @Adapts(NamedImageContent.self)
            struct Person {
                let name: String
                @Maps(to: \NamedImageContent.image, default: .empty) let avatar: String?
            }
            """#
        }
    }

    @Test func nothingToGenerate() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct Headline: TitledContent {
                let title: String
                let subtitle: String
            }
            """
        } expansion: {
            """
            struct Headline: TitledContent {
                let title: String
                let subtitle: String
            }
            """
        }
    }

    @Test func clientProtocolDeclaredByTheModel() {
        assertMacro {
            """
            @Adapts(BadgeContent.self)
            struct Inbox: BadgeContent {
                @Maps(to: \\BadgeContent.label) let folder: String
                @Maps(to: \\BadgeContent.count) let unread: Int
            }
            """
        } expansion: {
            """
            struct Inbox: BadgeContent {
                let folder: String
                let unread: Int
            }

            extension Inbox {
                internal var label: Swift.String {
                    self.folder
                }
                internal var count: Swift.Int {
                    self.unread
                }
            }
            """
        }
    }

    // MARK: Access levels

    @Test func publicModelGetsPublicMembers() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            public struct Member {
                @Maps(to: \\TitledContent.title) public let name: String
                @Maps(to: \\TitledContent.subtitle) public let role: String
            }
            """
        } expansion: {
            """
            public struct Member {
                public let name: String
                public let role: String
            }

            extension Member: Decouple.TitledContent {
                public var title: Swift.String {
                    self.name
                }
                public var subtitle: Swift.String {
                    self.role
                }
            }
            """
        }
    }

    @Test func packageModelGetsPackageMembers() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            package final class Member {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.subtitle) let role: String
            }
            """
        } expansion: {
            """
            package final class Member {
                let name: String
                let role: String
            }

            extension Member: Decouple.TitledContent {
                package var title: Swift.String {
                    self.name
                }
                package var subtitle: Swift.String {
                    self.role
                }
            }
            """
        }
    }

    @Test func openClassGetsPublicMembers() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            open class Member {
                @Maps(to: \\TitledContent.title) public let name: String
                @Maps(to: \\TitledContent.subtitle) public let role: String
            }
            """
        } expansion: {
            """
            open class Member {
                public let name: String
                public let role: String
            }

            extension Member: Decouple.TitledContent {
                public var title: Swift.String {
                    self.name
                }
                public var subtitle: Swift.String {
                    self.role
                }
            }
            """
        }
    }

    @Test func privateModelIsAdaptedInItsOwnFile() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            private struct Row {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.subtitle) let detail: String
            }
            """
        } expansion: {
            """
            private struct Row {
                let name: String
                let detail: String
            }

            extension Row: Decouple.TitledContent {
                internal var title: Swift.String {
                    self.name
                }
                internal var subtitle: Swift.String {
                    self.detail
                }
            }
            """
        }
    }

    @Test func actorMembersAreNonisolated() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            public actor Channel {
                @Maps(to: \\TitledContent.title) public let name: String
                @Maps(to: \\TitledContent.subtitle) public let topic: String
            }
            """
        } expansion: {
            """
            public actor Channel {
                public let name: String
                public let topic: String
            }

            extension Channel: Decouple.TitledContent {
                public nonisolated var title: Swift.String {
                    self.name
                }
                public nonisolated var subtitle: Swift.String {
                    self.topic
                }
            }
            """
        }
    }

    // MARK: Diagnostics

    @Test func missingRequirementOffersTheNearestMember() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                let subTitle: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
                    ┬─────────────────
                    ╰─ 🛑 'User' has nothing for 'TitledContent.subtitle' (String); mark the member that provides it with `@Maps(to: \TitledContent.subtitle)` [#MissingMapping]
                       ✏️ Mark 'subTitle' with @Maps(to: \TitledContent.subtitle)
            struct User {
                let title: String
                let subTitle: String
            }
            """#
        } fixes: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \TitledContent.subtitle) let subTitle: String
            }
            """#
        }
    }

    @Test func missingRequirementWithNoMemberLeft() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
                    ┬─────────────────
                    ╰─ 🛑 'User' has nothing for 'TitledContent.subtitle' (String); mark the member that provides it with `@Maps(to: \TitledContent.subtitle)` [#MissingMapping]
            struct User {
                @Maps(to: \TitledContent.title) let name: String
            }
            """#
        }
    }

    @Test func optionalWithoutDefault() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \\TitledContent.subtitle) let nickname: String?
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \TitledContent.subtitle) let nickname: String?
                ┬─────────────────────────────────
                ╰─ 🛑 'nickname' is optional but 'TitledContent.subtitle' is String; give a default for when it is nil [#OptionalWithoutDefault]
                   ✏️ Add a default for when 'nickname' is nil
            }
            """#
        } fixes: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \TitledContent.subtitle, default: "") let nickname: String?
            }
            """#
        }
    }

    /// A problem with a default is shown at the default, not at the attribute.
    @Test func aDefaultThatCannotBeUsedIsShownWhereItIsWritten() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \\TitledContent.subtitle, default: "-") let nickname: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \TitledContent.subtitle, default: "-") let nickname: String
                                                            ┬──
                                                            ╰─ 🛑 'nickname' is not optional, so the default "-" would never be used; remove it [#UnusedDefault]
            }
            """#
        }
    }

    @Test func unknownRequirementSuggestsTheNearest() {
        assertMacro {
            """
            @Adapts(NamedImageContent.self)
            final class Contact {
                @Maps(to: \\NamedImageContent.imag) let avatar: String
                let name: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(NamedImageContent.self)
                    ┬─────────────────────
                    ╰─ 🛑 'Contact' has nothing for 'NamedImageContent.image' (ImageName); mark the member that provides it with `@Maps(to: \NamedImageContent.image)` [#MissingMapping]
            final class Contact {
                @Maps(to: \NamedImageContent.imag) let avatar: String
                          ┬──────────────────────
                          ╰─ 🛑 'NamedImageContent' has no requirement 'imag' (its requirements: name, image); did you mean 'image'? [#UnknownRequirement]
                let name: String
            }
            """#
        }
    }

    @Test func keyPathThatIsNotARequirement() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title.count) let name: String
                let subtitle: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \TitledContent.title.count) let name: String
                          ┬─────────────────────────
                          ╰─ 🛑 '\TitledContent.title.count' is not a requirement; map to a requirement of the protocol itself [#MapsPlacement]
                             ✏️ Map to 'TitledContent.title' itself
                let subtitle: String
            }
            """#
        } fixes: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \TitledContent.title) let name: String
                let subtitle: String
            }
            """#
        }
    }

    @Test func clientProtocolNotDeclared() {
        assertMacro {
            """
            @Adapts(BadgeContent.self)
            struct Inbox: Sendable {
                @Maps(to: \\BadgeContent.label) let folder: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(BadgeContent.self)
                    ┬────────────────
                    ╰─ 🛑 'Inbox' must declare its conformance to 'BadgeContent' itself (`: BadgeContent`); a macro can add conformances only to Decouple's own protocols [#UndeclaredConformance]
                       ✏️ Declare the conformance to 'BadgeContent'
            struct Inbox: Sendable {
                @Maps(to: \BadgeContent.label) let folder: String
            }
            """#
        } fixes: {
            #"""
            @Adapts(BadgeContent.self)
            struct Inbox: Sendable, BadgeContent {
                @Maps(to: \BadgeContent.label) let folder: String
            }
            """#
        }
    }

    @Test func protocolWithoutSelf() {
        assertMacro {
            """
            @Adapts(TitledContent)
            struct User {
                let title: String
                let subtitle: String
            }
            """
        } diagnostics: {
            """
            @Adapts(TitledContent)
                    ┬────────────
                    ╰─ 🛑 @Adapts takes the protocol to conform to, as in `@Adapts(TitledContent.self)` [#AdaptsNeedsProtocol]
                       ✏️ Add '.self'
            struct User {
                let title: String
                let subtitle: String
            }
            """
        } fixes: {
            """
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                let subtitle: String
            }
            """
        } expansion: {
            """
            struct User {
                let title: String
                let subtitle: String
            }

            extension User: Decouple.TitledContent {
            }
            """
        }
    }

    @Test func mappedTwice() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.title) let login: String
                let subtitle: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \TitledContent.title) let name: String
                @Maps(to: \TitledContent.title) let login: String
                ┬──────────────────────────────
                ╰─ 🛑 'TitledContent.title' is mapped twice; a requirement reads from one member [#RequirementMappedTwice]
                let subtitle: String
            }
            """#
        }
    }

    @Test func mapsWithoutAdapts() {
        assertMacro {
            """
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
            }
            """
        } diagnostics: {
            #"""
            struct User {
                @Maps(to: \TitledContent.title) let name: String
                           ┬────────────
                           ╰─ 🛑 'User' is not marked `@Adapts(TitledContent.self)`, so nothing reads this mapping [#MappingOwnerNotAdapted]
            }
            """#
        }
    }

    @Test func generatorDiagnosticLandsOnTheMember() {
        assertMacro {
            """
            @Adapts(NamedImageContent.self)
            struct User {
                let name: String
                @Maps(to: \\NamedImageContent.image) let avatar: Int
            }
            """
        } diagnostics: {
            #"""
            @Adapts(NamedImageContent.self)
            struct User {
                let name: String
                @Maps(to: \NamedImageContent.image) let avatar: Int
                          ┬───────────────────────
                          ╰─ 🛑 'avatar' is Int but 'NamedImageContent.image' needs ImageName; map it to a member of that type [#TypeMismatch]
            }
            """#
        }
    }

    @Test func mappedRequirementClashesWithAMember() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \\TitledContent.title) let name: String
                let subtitle: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \TitledContent.title) let name: String
                          ┬───────────────────
                          ╰─ 🛑 'User' already has a member 'title', so a conformance cannot also map 'title' to 'name'; rename one of them [#MemberNameTaken]
                let subtitle: String
            }
            """#
        }
    }

    @Test func adaptsOnAProtocol() {
        assertMacro {
            """
            @Adapts(TitledContent.self)
            protocol Row {}
            """
        } diagnostics: {
            """
            @Adapts(TitledContent.self)
            ┬──────────────────────────
            ╰─ 🛑 @Adapts applies to a struct, class, enum or actor [#AdaptsAttachment]
            protocol Row {}
            """
        }
    }
    // MARK: Mappings named on the type

    @Test func mapArgument_expandsAsMapsOnEachMemberDoes() throws {
        let onTheType = try expansion(of: """
            @Adapts(TitledContent.self, map: [\\.title: "name", \\.subtitle: "age"])
            struct User {
                let name: String
                let age: Int
            }
            """)
        let onEachMember = try expansion(of: """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.subtitle) let age: Int
            }
            """)
        #expect(onTheType.joined().contains("Swift.String(describing: self.age)"))
        #expect(onTheType == onEachMember)
    }

    @Test func mapArgument_andMapsTogether() throws {
        let mixed = try expansion(of: """
            @Adapts(TitledContent.self, map: [\\.title: "name"])
            struct User {
                let name: String
                @Maps(to: \\TitledContent.subtitle, default: "-") let nickname: String?
            }
            """)
        let onEachMember = try expansion(of: """
            @Adapts(TitledContent.self)
            struct User {
                @Maps(to: \\TitledContent.title) let name: String
                @Maps(to: \\TitledContent.subtitle, default: "-") let nickname: String?
            }
            """)
        #expect(mixed.joined().contains("self.nickname ?? \"-\""))
        #expect(mixed == onEachMember)
    }

    @Test func mapArgument_unknownMemberIsShownAtItsName() {
        assertMacro {
            """
            @Adapts(TitledContent.self, map: [\\.title: "nmae", \\.subtitle: "age"])
            struct User {
                let name: String
                let age: Int
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self, map: [\.title: "nmae", \.subtitle: "age"])
                                                       ┬─────
                                                       ╰─ 🛑 'User' has no member 'nmae' in the declaration the macro is attached to; did you mean 'name'? [#UnknownMember]
            struct User {
                let name: String
                let age: Int
            }
            """#
        }
    }

    /// A protocol of the client's own, which the macro cannot see, takes the type of the member
    /// that feeds it: here an enum's synthesized `rawValue`.
    @Test func aClientProtocolFedByARawValue_takesItsType() {
        assertMacro {
            """
            @Adapts(ScoreBadge.self, map: [\\.label: "rawValue"])
            enum Severity: String, ScoreBadge {
                case low, high
            }
            """
        } expansion: {
            """
            enum Severity: String, ScoreBadge {
                case low, high
            }

            extension Severity {
                internal var label: Swift.String {
                    self.rawValue
                }
            }
            """
        }
    }

    /// A member declared in an extension is not in the declaration the macro sees: the message
    /// says so, and what to do.
    @Test func aMemberTheMacroCannotSee_isExplained() {
        assertMacro {
            """
            @Adapts(TitledContent.self, map: [\\.title: "name", \\.subtitle: "nickname"])
            struct Person {
                let name: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self, map: [\.title: "name", \.subtitle: "nickname"])
                                                                           ┬─────────
                                                                           ╰─ 🛑 'Person' has no member 'nickname' in the declaration the macro is attached to, which is all a macro sees (not its extensions, its superclass or other files); declare the member there, or adapt the model with the decouple tool, which reads every file [#UnknownMember]
            struct Person {
                let name: String
            }
            """#
        }
    }

    @Test func mapArgument_thatIsNotPairsOfLiterals() {
        assertMacro {
            """
            @Adapts(TitledContent.self, map: [\\.title: memberName, \\.subtitle: "age"])
            struct User {
                let name: String
                let age: Int
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self, map: [\.title: memberName, \.subtitle: "age"])
                                                       ┬─────────
                                                       ╰─ 🛑 `map:` takes each requirement with the member that feeds it, written out: `map: [\.title: "fullName"]` [#MapsPlacement]
            struct User {
                let name: String
                let age: Int
            }
            """#
        }
    }

    @Test func mapArgument_mappingARequirementMappedWithMaps() {
        assertMacro {
            """
            @Adapts(TitledContent.self, map: [\\.title: "name"])
            struct User {
                @Maps(to: \\TitledContent.title) let login: String
                let name: String
                let subtitle: String
            }
            """
        } diagnostics: {
            #"""
            @Adapts(TitledContent.self, map: [\.title: "name"])
                                              ┬──────────────
                                              ╰─ 🛑 'TitledContent.title' is mapped twice; a requirement reads from one member [#RequirementMappedTwice]
            struct User {
                @Maps(to: \TitledContent.title) let login: String
                let name: String
                let subtitle: String
            }
            """#
        }
    }

    @Test func mapArgument_ofAClientProtocol() throws {
        let onTheType = try expansion(of: """
            @Adapts(BadgeContent.self, map: [\\.label: "folder", \\.count: "unread"])
            struct Inbox: BadgeContent { let folder: String; let unread: Int }
            """)
        let onEachMember = try expansion(of: """
            @Adapts(BadgeContent.self)
            struct Inbox: BadgeContent { @Maps(to: \\BadgeContent.label) let folder: String; @Maps(to: \\BadgeContent.count) let unread: Int }
            """)
        #expect(onTheType.joined().contains("internal var count: Swift.Int"))
        #expect(onTheType == onEachMember)
    }

    /// What `@Adapts` on the source's one type expands to, called as the compiler calls it.
    private func expansion(of source: String) throws -> [String] {
        let declaration = try #require(Parser.parse(source: source).statements.first?.item.as(StructDeclSyntax.self))
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext()
        let extensions = try AdaptsMacro.expansion(
            of: attribute, attachedTo: declaration, providingExtensionsOf: TypeSyntax("\(raw: declaration.name.text)"), conformingTo: [], in: context)
        #expect(context.diagnostics.isEmpty)
        return extensions.map(\.trimmedDescription)
    }
}
