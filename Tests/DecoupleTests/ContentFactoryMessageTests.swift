import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// What `ContentFactory` says when it cannot adapt a model: read by someone who has just met the
/// library, so it names what is wrong as they would see it.
@Suite struct ContentFactoryMessageTests {
    private struct Contact: Hashable {}
    private struct Adapted: TitledContent { var title = "adapted"; var subtitle = "" }

    private func contactFactory() throws -> ContentFactory<any TitledContent> {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Contact.self) { _ in Adapted() }
        return factory
    }

    private func message(_ adapt: () throws -> Any) -> String {
        do {
            return "adapted \(type(of: try adapt()))"
        } catch {
            return "\(error)"
        }
    }

    /// `nil` is not a model of an unregistered type: with `Contact` registered, an empty
    /// `Optional<Contact>` is told as nil, naming the type, and not as a type with no adapter.
    @Test func adapt_nil_saysTheModelIsNil_namingItsType() throws {
        let factory = try contactFactory()
        let missing: Contact? = nil
        let nilMessage = "the model is nil (an empty 'Optional<Contact>'), so there is nothing to adapt; unwrap it, or leave out the nils (compactMap) before adapting"
        #expect(message { try factory.adapt(missing as Any) } == nilMessage)
        // In a list, the nil ends the call with the same message.
        #expect(message { try factory.adapt([Contact(), missing as Any]) } == nilMessage)
        // Through an `AnyHashable`, and inside a non-empty optional: the empty one reached is named.
        #expect(message { try factory.adapt(AnyHashable(missing)) } == nilMessage)
        #expect(message { try factory.adapt(Optional(missing) as Any) } == nilMessage)
        // An empty optional of an optional is nil one level up, and named so.
        #expect(message { try factory.adapt(Contact??.none as Any) }
            == "the model is nil (an empty 'Optional<Optional<Contact>>'), so there is nothing to adapt; unwrap it, or leave out the nils (compactMap) before adapting")
        #expect(!factory.canAdapt(missing as Any))
        #expect(throws: ContentFactoryError.nilModel("Optional<Contact>")) { try factory.adapt(missing as Any) }
        // A value in the optional is still adapted, and an unregistered one still named by its type.
        #expect(try factory.adapt(Optional(Contact()) as Any).title == "adapted")
        #expect(message { try factory.adapt(Optional(7) as Any) } == "no adapter registered for model type 'Int'; registered types: Contact")
    }

    /// A type one typo from a registered one (a letter changed, missing, added or swapped, or
    /// another case) gets "did you mean", as a type tag in a feed does; one that is not close
    /// gets none.
    @Test func adapt_unregisteredType_nearARegisteredOne_saysDidYouMean() throws {
        struct Story {}
        struct Contcat {}
        struct Contacts {}
        struct contact {}
        struct Stroy {}
        struct Video {}
        let factory = try contactFactory()
        try factory.register(Story.self) { _ in Adapted() }
        let messages = [Contcat() as Any, Contacts(), contact(), Stroy(), Video()].map { model in
            message { try factory.adapt(model) }
        }
        assertInlineSnapshot(of: messages.joined(separator: "\n"), as: .lines) {
            """
            no adapter registered for model type 'Contcat'; registered types: Contact, Story; did you mean 'Contact'?
            no adapter registered for model type 'Contacts'; registered types: Contact, Story; did you mean 'Contact'?
            no adapter registered for model type 'contact'; registered types: Contact, Story; did you mean 'Contact'?
            no adapter registered for model type 'Stroy'; registered types: Contact, Story; did you mean 'Story'?
            no adapter registered for model type 'Video'; registered types: Contact, Story
            """
        }
    }
}
