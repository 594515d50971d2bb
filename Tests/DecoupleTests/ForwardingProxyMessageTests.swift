import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// What `ForwardingProxy` says when a member is looked up by name and not found: a protocol
/// injected without a member table is the usual cause, and the message says how to add one.
@MainActor @Suite struct ForwardingProxyMessageTests {
    private func message(_ proxy: ForwardingProxy, member: String) -> String {
        do {
            return "found \(try proxy.value(forMember: member, as: String.self))"
        } catch {
            return error.description
        }
    }

    @Test func byName_aProtocolWithoutAMemberTable_saysHowToAddOne() throws {
        let proxy = ForwardingProxy()
        proxy.inject(Signature(), as: SignatureContent.self)
        #expect(!proxy.responds(to: "signature"))
        #expect(message(proxy, member: "signature")
            == "no injected object provides 'signature'; injected: SignatureContent (no member table); to find SignatureContent's members by name, pass a MemberTable as 'members:' when injecting it, or let the decouple tool's proxy style write one")

        // Beside a protocol that has a table, "did you mean" comes last, as in every message.
        proxy.inject(ProfileCard(), as: TitledContent.self)
        #expect(message(proxy, member: "titel")
            == "no injected object provides 'titel'; injected: SignatureContent (no member table); TitledContent (subtitle, title); to find SignatureContent's members by name, pass a MemberTable as 'members:' when injecting it, or let the decouple tool's proxy style write one; did you mean 'title'?")

        // Two protocols without a table are named together.
        proxy.inject(Sticker(), as: StickerContent.self)
        #expect(message(proxy, member: "sticker")
            == "no injected object provides 'sticker'; injected: SignatureContent (no member table); TitledContent (subtitle, title); StickerContent (no member table); to find the members of SignatureContent and StickerContent by name, pass a MemberTable as 'members:' when injecting each, or let the decouple tool's proxy style write them")

        // Once injected with a table, the member is found.
        proxy.inject(Signature(), as: SignatureContent.self, members: .signatureContent)
        #expect(message(proxy, member: "signature") == "found Ann")
    }

    /// The advice is for a protocol without a table only: a name that no table has is told as
    /// before.
    @Test func byName_everyProtocolWithATable_givesNoAdvice() {
        let proxy = ForwardingProxy()
        proxy.inject(ProfileCard(), as: TitledContent.self)
        #expect(message(proxy, member: "price") == "no injected object provides 'price'; injected: TitledContent (subtitle, title)")
        #expect(ForwardingError.noProvider(member: "x", injected: []).description == "no injected object provides 'x'; injected: (nothing)")
    }
}

private protocol SignatureContent { var signature: String { get } }
private protocol StickerContent { var sticker: String { get } }

private struct Signature: SignatureContent { var signature = "Ann" }
private struct Sticker: StickerContent { var sticker = "new" }
private struct ProfileCard: TitledContent { var title = "Ann"; var subtitle = "30" }

extension MemberTable where Root == any SignatureContent {
    fileprivate static let signatureContent = MemberTable(readers: ["signature": { $0.signature }])
}
