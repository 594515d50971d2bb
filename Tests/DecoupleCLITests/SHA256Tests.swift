import DecoupleGenerator
import DecoupleTestSupport
import Testing

/// The cache's SHA-256 is the standard one: FIPS 180-4's examples, a million bytes, and any
/// message given in any pieces digests as it does in one.
@Suite struct SHA256Tests {
    private func hex(_ pieces: [[UInt8]]) -> String {
        var sha = SHA256()
        for piece in pieces { piece.withUnsafeBytes { sha.update(bufferPointer: $0) } }
        return Digest.hex(of: sha.finalize())
    }

    @Test func theStandardsExamples() {
        #expect(hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex([Array("abc".utf8)]) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex([Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)])
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // One whole block of message, and its padding a block of its own.
        #expect(hex([Array("abcdbcdecdefdefgefghfghighijhijkijkljklmjklmnklmnolmnopmnopqnopq".utf8)])
            == "9ad289b5b8ca3b67b3e1238ea026560d218cac02ee49b871795a3311874d107e")
        #expect(hex([Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)])
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(hex([[UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)])
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func anyMessageInAnyPieces_digestsAsInOne() {
        var random = SplitMix64(seed: 256)
        for _ in 0..<300 {
            let message = (0..<random.int(0...300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var pieces: [[UInt8]] = []
            var rest = message[...]
            while !rest.isEmpty {
                let cut = random.int(0...min(rest.count, 80))
                pieces.append(Array(rest.prefix(cut)))
                rest = rest.dropFirst(cut)
            }
            #expect(hex(pieces) == hex([message]), "\(message.count) bytes in \(pieces.map(\.count))")
        }
    }
}
