@_exported import Decouple

/// Makes the model conform to a content protocol, with no build step and no generated file.
///
/// Each requirement reads from the member marked ``Maps(to:)`` with it, or, unmarked, from the
/// member of the same name. The extension it adds is exactly what `decouple generate` writes for
/// the same mapping in its conformance style.
///
/// ```swift
/// @Adapts(TitledContent.self)
/// struct User {
///     @Maps(to: \TitledContent.title) let name: String
///     @Maps(to: \TitledContent.subtitle) let age: Int        // shown as "28"
/// }
/// ```
///
/// For Decouple's own protocols (`TitledContent`, `NamedImageContent`) the macro adds the
/// conformance. A macro can add only the conformances it declares, so for a protocol of yours the
/// model declares it (`struct Product: ProductContent`) and the macro writes the members; each
/// mapped requirement then takes the type of the member that feeds it. Use the command-line tool
/// or the build plugin when a requirement needs a conversion the member's type does not have.
@attached(extension, names: arbitrary)
public macro Adapts<Content>(_ content: Content.Type) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

/// ``Adapts(_:)``, with the members that feed requirements named on the type rather than marked
/// with ``Maps(to:)``: the compiler checks each requirement's key path, the macro each member.
///
/// ```swift
/// @Adapts(TitledContent.self, map: [\.title: "fullName", \.subtitle: "age"])
/// struct User { let fullName: String; let age: Int }
/// ```
///
/// The compiler runs a macro once per attribute, each time a round trip to its plug-in, so
/// mapping here rather than with one `@Maps` per member makes fewer of them. A default for an
/// optional member still takes ``Maps(to:default:)``.
@attached(extension, names: arbitrary)
public macro Adapts<Content>(_ content: Content.Type, map: [PartialKeyPath<Content>: String]) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

// The library's own protocols, each with a macro that declares its conformance alone. A macro that
// declares a conformance its expansion does not add crashes the compiler when the model is a
// class with a subclass (swiftlang/swift#89151); declared one by one, each conformance declared
// is added. The compiler picks these for `TitledContent.self` and `NamedImageContent.self`.

@_documentation(visibility: internal)
@attached(extension, conformances: TitledContent, names: arbitrary)
public macro Adapts(_ content: (any TitledContent).Type) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

@_documentation(visibility: internal)
@attached(extension, conformances: TitledContent, names: arbitrary)
public macro Adapts(_ content: (any TitledContent).Type, map: [PartialKeyPath<any TitledContent>: String]) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

@_documentation(visibility: internal)
@attached(extension, conformances: NamedImageContent, names: arbitrary)
public macro Adapts(_ content: (any NamedImageContent).Type) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

@_documentation(visibility: internal)
@attached(extension, conformances: NamedImageContent, names: arbitrary)
public macro Adapts(_ content: (any NamedImageContent).Type, map: [PartialKeyPath<any NamedImageContent>: String]) = #externalMacro(module: "DecoupleMacrosPlugin", type: "AdaptsMacro")

/// Marks the member that feeds a requirement of a protocol the type ``Adapts(_:)``.
///
/// The key path names the requirement with its protocol, so the compiler checks both:
/// `@Maps(to: \TitledContent.title) let name: String`.
@attached(peer)
public macro Maps<Content, Value>(to requirement: KeyPath<Content, Value>) = #externalMacro(module: "DecoupleMacrosPlugin", type: "MapsMacro")

/// Marks an optional member that feeds a requirement, with the value to use when it is `nil`:
/// `@Maps(to: \TitledContent.subtitle, default: "—") let nickname: String?`.
@attached(peer)
public macro Maps<Content, Value>(to requirement: KeyPath<Content, Value>, default: Value) = #externalMacro(module: "DecoupleMacrosPlugin", type: "MapsMacro")
