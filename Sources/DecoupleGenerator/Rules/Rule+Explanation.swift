extension Diagnostic.Rule {
    /// What the rule means, why it exists, and what to do: one paragraph.
    public var explanation: String {
        switch self {
        // Files and configuration
        case .unreadableInput:
            "A path given to the tool cannot be read: a source that does not exist, is not a regular file or folder, is not a `.swift` file or is not UTF-8 text, or a configuration file that is missing, a folder or a symbolic link loop. Nothing is written. Pass Swift files or folders and the `decouple.json` file itself, or leave a source out with `--exclude`."
        case .outputOverwritesInput:
            "The `--output` path is one of the inputs: a model source or the configuration file. Writing the generated code there would destroy the input, so the tool refuses before it reads anything else. Choose another output path."
        case .unwritableOutput:
            "The `--output` path cannot be written: its folder is missing or is not a folder, or the path is a folder. The message says which. Nothing is written."
        case .unusableCache:
            "The `--cache` path cannot serve as the cache: it is a file, cannot be read, is the output, or would hold the output or sit inside it. Name a folder of its own (it is created when missing)."
        case .nothingToGenerate:
            "A warning: the run made no adapter, because no configuration was found (or it maps nothing) and no model has a `// decouple:` annotation. The output is still written, with no adapters, so a stale file never lingers; usually the configuration is elsewhere: pass it with `--config`."
        case .configurationExists:
            "`decouple init` writes a first configuration and never overwrites one: the file it would write exists. Edit that file, or pass `--output` with another path."
        case .partialMatch:
            "A warning of `decouple init`: a model and a content protocol share some requirement names but not all, or all of them but the adapter would be refused (the message says why). The pair is left out of the proposed configuration; map the missing requirements by hand to adapt it."
        case .configurationNotJSON:
            "The configuration file is empty, is not UTF-8 (a UTF-16 file is named as such), or is not valid JSON. The position is where the JSON parser stopped. The configuration is a JSON object such as `{\"adapters\": []}`."
        case .configurationShape:
            "A value in the configuration has the wrong JSON type: the root must be an object, `adapters` and `exclude` arrays, each adapter and its `map` objects, a mapping a member name, `{\"from\": …, \"default\": …}`, or a constant (`{\"default\": …}` or `null`), a default a string, number, boolean or null. The message names the value found."
        case .configurationMissingKey:
            "An adapter entry lacks a key it needs: `model` and `protocol` in every adapter, `from` (or `default` alone, for a constant) in a mapping written as an object. Add the key."
        case .unknownConfigurationKey:
            "The configuration has a key the tool does not read, often a misspelling, which would otherwise be ignored silently. The message lists the keys expected there and the nearest one."
        case .unknownConfigurationValue:
            "A `style` or `defaultIsolation` names no value the tool knows. Styles are `conformance`, `factory` and `proxy`; the default isolation is `nonisolated` or `MainActor`, as the target is built."
        case .notAMemberName:
            "A mapping names something that is not a member name: an expression, a call or a path. A requirement maps to one member of the model, optionally with a default (`\"title\": {\"from\": \"name\", \"default\": \"-\"}`); compute anything else in a property of the model and map to it."
        // Sources and annotations
        case .syntaxError:
            "A source file that an adapter needs does not parse. The message is the parser's, at its position. Fix the file, or, if no adapter needs what it declares, it is skipped with a warning instead (SkippedUnparsableFile)."
        case .nestingTooDeep:
            "A source file nests brackets deeper than the parser can follow safely. The tool refuses it at the first bracket past the limit, rather than exhausting its stack."
        case .skippedUnparsableFile:
            "A warning: a file does not parse, but no annotation is in it and no adapter names what it declares, so it is left out and the run goes on. Exclude it with `--exclude` to silence the warning."
        case .malformedAnnotation:
            "A `// decouple:` comment does not have the annotation's form: `// decouple: Protocol(requirement: member, other: member ?? default)`. Each argument needs a requirement label and maps to a member of the model, optionally with a default."
        case .detachedAnnotation:
            "A `// decouple:` annotation is not directly above a type: it is above a typealias, a member or a statement, or separated from the type. Write it directly above a struct, class, enum, actor or extension, or among its attributes."
        case .annotatedExtensionOfUnknownType:
            "An annotated extension extends a type the given sources do not declare, so the tool cannot read the model's members. Pass the file that declares the type, or annotate the declaration itself."
        case .requirementMappedTwice:
            "One annotation, `map:` or set of `@Maps` attributes maps a requirement twice. A requirement reads from one member: remove one mapping."
        case .protocolShadowsDecouple:
            "The sources declare a protocol with the name of one of Decouple's content protocols. Generated code names Decouple's, so yours would be ambiguous. Rename yours."
        case .moduleNameShadowed:
            "A type or generic parameter named `Swift` or `Decouple`, in scope where the generated code is compiled, hides the module of that name, which generated code uses to name the standard library's and Decouple's types (`Swift.String`). Rename it."
        case .moduleNamedLikeType:
            "The adapter's `module` has the name of its model's outermost type, so `Module.Type` reads as a member of the type and the generated file cannot name the model from another module. Rename the module or the type, or generate into that module."
        // Finding the model, the protocol and the requirements
        case .unknownModel:
            "No type of the model's name is declared in the sources given. The message suggests the nearest name. Check the spelling, pass the folder that declares the model, or check `--exclude`."
        case .ambiguousModel:
            "More than one type has the model's name: in several modules, or nested in different types. Qualify the name (`Outer.Model`), or add `\"module\": \"<target or folder>\"` to the adapter."
        case .modelNotInModule:
            "The adapter's `module` names a module or folder that declares no type of the model's name. The message lists where the name is declared."
        case .unknownProtocol:
            "No protocol of this name is declared in the sources or by Decouple. The message lists the known protocols and the nearest name."
        case .unknownRequirement:
            "A mapping names a requirement the protocol does not have, often a misspelling, which would otherwise map nothing. The message lists the protocol's requirements and the nearest one."
        case .unsupportedRequirement:
            "The protocol requires something a generated adapter does not provide: a settable property, a static member, an initializer, a subscript or an associated type. Generated code provides readable instance properties and methods. Conform the model by hand."
        case .noncopyableModel:
            "The model is declared `~Copyable` (or `~Escapable`). Every generated adapter copies its model: a conformance to a protocol that does not suppress `Copyable` needs a copyable type, and the factory's adapter and the proxy store the model. Conform it by hand."
        case .libraryRefinement:
            "The protocol refines a protocol of another module whose requirements generated code does not write: `Equatable`, `Hashable`, `Codable`, or one whose sources were not given. (`CustomStringConvertible`'s `description`, `CustomDebugStringConvertible`'s `debugDescription` and `Identifiable`'s `id` are read from the model like any requirement.) In the conformance style, declare the model's conformance to it where the model is declared. In the factory style, the adapter gets `Equatable`, `Hashable` and `Codable` from a model that declares them. The proxy style cannot stand in for such a protocol."
        case .duplicateAdapter:
            "The same model is adapted to the same protocol twice (in the configuration, in annotations, or both). A type conforms to a protocol once: remove one."
        // Access
        case .modelNotVisible:
            "The model is `private` or `fileprivate`, and generated code lives in a file of its own, which cannot see it. Make the model internal or wider."
        case .protocolNotVisible:
            "The protocol is `private` or `fileprivate`, and generated code lives in a file of its own, which cannot see it. Make the protocol internal or wider."
        case .memberNotVisible:
            "The member that feeds a requirement is `private` or `fileprivate`, so the generated file cannot read it. Make it internal or wider, or map the requirement to another member."
        case .witnessAccess:
            "The model's own member answers the requirement, and a public (or package) model's conformance to a public protocol needs a witness at least that visible; so does a requirement of a public protocol the adapted one refines (a public parent, or `CustomStringConvertible`'s `description`), whatever the adapted protocol's access. Declare the member public, or rename it and map the requirement to it."
        case .notVisibleFromOutputModule:
            "The configuration's top-level `module` compiles the generated file in another module than the model's, which sees only what is `package` or `public` there: the model, the protocol and every member read. Widen their access, or generate into the model's module."
        // Members and mappings
        case .missingMapping:
            "A requirement has no mapping, and the model has no member of the requirement's name. Map it to a member (`\"title\": \"name\"` in the configuration, `title: name` in an annotation, `@Maps(to: \\Protocol.title)` with the macro). The message names the nearest member."
        case .unknownMember:
            "A mapping names a member the model does not have. The message suggests the nearest name. The generator sees the members declared in the sources it reads: in the type and its extensions, not those inherited from a library."
        case .unknownMemberType:
            "The member's type is not written, and the generator does not infer it from its initial value: it infers a type only where the source or the standard library says so, and otherwise says why it cannot. Write the type out (`var count: Int = …`)."
        case .typeMismatch:
            "The member's type is not the requirement's, and no conversion the generator makes applies (any value becomes a `String` by `String(describing:)`, a `String` becomes an `ImageName`). Map the requirement to a member of its type, or add a computed property that converts."
        case .optionalWithoutDefault:
            "The member is optional and the requirement is not. Give the mapping a default for when the member is `nil` (`{\"from\": \"bio\", \"default\": \"\"}`, `bio ?? \"\"`, or `@Maps(to:default:)`)."
        case .unusedDefault:
            "A mapping has a default, but its member is not optional, so the default would never be used. Remove it."
        case .invalidDefault:
            "A mapping's default, or a constant given for a requirement no member feeds, is not a value of the requirement's type, or, in the configuration, not a constant the generated file can compile without the model's scope. The message says which."
        case .effectfulMember:
            "The member's getter is `async` or `throws`, and the requirement's is not, so no witness can read it. A typed `throws(E)` covers only the getters that throw `E` or nothing; an untyped `throws` covers any. Map the requirement to a member without the effect, or declare the requirement `{ get async }` or `{ get throws }`."
        case .mutatingMember:
            "The member is a `mutating` method, or a property whose getter mutates (a struct's `lazy var`, or `mutating get`), and the requirement is not a `mutating` method (a property's getter never is), so a witness cannot call or read it. Declare the requirement `mutating`, or map it to a member that does not mutate."
        case .constrainedExtensionMember:
            "The member is declared in a constrained extension (`extension Box where T == Int`), so not every instance of the model has it, and it cannot implement the requirement for all of them. Declare it in an extension without `where`, or map to another member."
        case .conditionalMemberTypes:
            "The member is declared with a different type in different `#if` branches, and one witness reads it in every build. Give it one type, or map to another member."
        case .metatypeName:
            "A type or member is named `Type` or `Protocol`, which Swift reads as a metatype after a dot, backquoted or not: a model cannot be registered in a factory as `Outer.Type.self`, a static member cannot be read as `Model.Type`, and a key path cannot name a requirement `Type`. Rename it, or use another style."
        case .methodForPropertyRequirement:
            "A property requirement is mapped to a method that takes parameters, has effects or generic parameters. A property requirement reads a property or calls a method without any of those. Map it to one, or declare a computed property that calls the method and map to that."
        case .missingMethod:
            "The model does not implement a method requirement: no method of the same name and signature (labels, types, effects, generic parameters), and no mapping to a method of another name with the same signature. A requirement without parameters may also map to a property. The message lists the model's methods of that name and whether only effects or generic parameters differ."
        case .variadicForwarding:
            "A method requirement with a variadic parameter would have to pass its arguments on to another method, which Swift cannot do with a variadic list. Implement the requirement in the model itself, or use the conformance style."
        case .closureMember:
            "The member is a property of a function type (`let gitSha: () -> String`). A closure without parameters or effects is called where a method requirement reads it, or where a mapping names it; otherwise it would be read as a value, and `String(describing:)` of a closure is \"(Function)\". A closure with parameters, effects or an optional one is not called. Map the requirement to the closure, or declare a method that calls it."
        case .globalActorIsolation:
            "The model, or a member read, is isolated to a global actor the sources declare (`@globalActor actor DBActor`), and generated code knows the main actor's isolation only: its conformance and adapters would read the model from outside that actor. Conform it by hand, make the members read `nonisolated`, or map the requirement to another member."
        case .actorIsolatedMember:
            "The model is an actor, and the member is isolated to it (a `var`, a method not marked `nonisolated`, or a `let` of a type not known to be `Sendable`), so it cannot back a synchronous requirement. Declare it with `let` of a `Sendable` type, mark it `nonisolated` if it reads no mutable state, or make the requirement `async`. A type is known to be `Sendable` when the sources or the standard library say so: the standard library's and Foundation's value types and collections of them, and the sources' types that declare `Sendable` (or are structs and enums that are not public)."
        // Conformances
        case .memberNameTaken:
            "A conformance adds members to the model itself, and the model already has a member of the requirement's name (a property of another type, or a property where the requirement is a method). Swift does not allow a second. Rename one, map the requirement to another member, or use the factory style, whose adapter is a type of its own."
        case .conflictingWitnesses:
            "The model is adapted to two protocols that both require a member of one name, read differently (other members, or other `#if` conditions). A type has one member of a name. Map both to the same member, or use the factory style for one of them."
        case .existingConditionalConformance:
            "The model already conforms to the protocol conditionally (`extension Box: P where T: P`), and a type conforms to a protocol once. Remove the adapter, or make that conformance unconditional."
        case .sendableConformanceOutsideFile:
            "The protocol refines `Sendable`, so a conformance conforms the model to `Sendable`, which Swift accepts only in the model's own file. Declare `Model: Sendable` where the model is declared, or use the factory style."
        case .isolatedConformanceToSendable:
            "The conformance must be isolated to the main actor (the model is `@MainActor`, or a member read is), and the protocol refines `Sendable`, which an isolated conformance cannot satisfy. Make the members read `nonisolated`, remove `@MainActor`, or adapt to a protocol that does not refine `Sendable`."
        case .actorMainActorConformance:
            "An actor's conformances are isolated to the actor itself, never to the main actor, so an actor cannot conform to a `@MainActor` protocol. Use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members."
        case .classBoundProtocol:
            "The protocol refines `AnyObject`, directly or through a protocol it refines, so only a class or an actor can conform to it, and the model is a struct or an enum. Use the factory style, whose adapter for a class-bound protocol is a class that holds the model, or adapt a class."
        case .inheritedConformance:
            "A class inherits its superclass's conformances and members, and a member declared in an extension cannot be overridden. So when a superclass conforms to the protocol (declared, or adapted in the conformance or proxy style), a subclass adapted to it is accepted only when it reads every requirement as the superclass does, and then nothing is written for it; and no subclass may declare a member the superclass's generated extension declares. Map the subclass as the superclass, adapt only one of them, rename the subclass's member, or use the factory style, whose adapters are types of their own."
        // The factory style
        case .factoryMainActorModel:
            "The factory makes its adapter in a `Sendable` closure, off the main actor, so a `@MainActor` model cannot be read by an adapter to a protocol that is not `@MainActor`; a `Sendable` struct isolated by the module's default alone is read through its stored `Sendable` properties, which need no isolation (a computed one is refused as `FactoryMainActorMember`). Use the conformance style, which makes an isolated conformance, or declare the protocol `@MainActor`."
        case .factoryMainActorMember:
            "A member the factory's adapter reads is `@MainActor`, and the protocol is not, so the adapter would read it off the main actor. Use the conformance style, which makes an isolated conformance, or make the member `nonisolated`."
        case .factoryMainActorRefinement:
            "The protocol is `@MainActor` and refines a protocol that is not; the factory's adapter, isolated to the main actor, cannot conform to that one. Use the conformance style, or declare the refined protocols `@MainActor` too."
        case .factoryNonSendableModel:
            "The factory's adapter stores the model, and it is `Sendable` (the protocol refines `Sendable`) or isolated to the main actor, so the model crosses an isolation boundary and must be `Sendable`. Swift infers `Sendable` only for a struct or enum that is not public. Declare the model `Sendable`, or use the conformance style."
        case .factoryGenericModel:
            "The factory registers an adapter per model type, and a generic model is no one type without its type arguments. Use the conformance style."
        case .tagOutsideFactory:
            "A `tag` says which model to decode from data for a type tag, which only the factory style does. Add `\"style\": \"factory\"` to the adapter, or remove the tag."
        case .tagNeedsDecodable:
            "A tagged model is decoded from data by the factory, so it must be `Decodable` (or `Codable`). Declare the conformance, or remove the tag."
        case .duplicateTag:
            "Two models are registered under one tag for the same protocol, which would fail when the factory is set up. Each model needs a tag of its own; variants of one model under `#if` branches share theirs."
        // The proxy style
        case .proxyMethodRequirement:
            "The forwarding proxy reads requirements through key paths, which name properties, so it cannot forward a method requirement. Use the conformance or factory style."
        case .proxyEffectfulProperty:
            "The forwarding proxy reads properties through key paths, which cannot name a property read with `get async` or `get throws`. Use the conformance or factory style."
        case .proxyConditionalRequirement:
            "The proxy style lists every requirement in one member table for all builds, and `#if` cannot divide it, so a requirement declared under `#if` cannot be listed. Declare it outside `#if` (or alike in every branch), or use another style."
        case .proxyNoEmptyValue:
            "With nothing injected, the forwarding proxy answers a requirement with an empty value: `\"\"`, zero, `false`, an empty collection or `nil`. The requirement's type has none the generator knows. Make the requirement optional, or use the conformance style."
        case .proxyConflictingRequirements:
            "The proxy style makes `ForwardingProxy` conform to each protocol, and two of them require a member of one name, or one requires a property `ForwardingProxy` has of its own (`title`, `subtitle`, `name`, `image`, `injectedProtocols`): a type has one member of a name, each protocol's would be forwarded to its own object, and a second one in your module would hide the library's there. Rename the requirement, or use another style for that protocol."
        // The macros
        case .adaptsNeedsProtocol:
            "`@Adapts` takes the protocol to conform to, written as a metatype: `@Adapts(TitledContent.self)`."
        case .adaptsAttachment:
            "`@Adapts` is attached to something other than a struct, class, enum or actor: an extension, a protocol or a member. Attach it to the model's declaration."
        case .undeclaredConformance:
            "A macro can add conformances only to protocols its declaration names, which are Decouple's own. The model must declare its conformance to one of yours itself (`struct Post: Summary`), and the macro writes the members."
        case .mapsPlacement:
            "`@Maps` marks one property of a type marked `@Adapts`, with a key path to a requirement written out from its protocol (`@Maps(to: \\TitledContent.title)`), and `map:` takes each requirement with the member that feeds it (`map: [\\.title: \"fullName\"]`). The message says which part is not of that form."
        case .mappingOwnerNotAdapted:
            "A `@Maps` attribute names a protocol its type is not marked `@Adapts` for, so nothing reads the mapping. Adapt the type to that protocol, or map to a requirement of the protocol it adapts to."
        // The generator itself
        case .internalError:
            "The generated code does not parse. This is a bug of the generator, never written to disk; please report it with the input that caused it."
        }
    }
}
