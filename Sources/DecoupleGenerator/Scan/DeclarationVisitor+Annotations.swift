import SwiftSyntax

// MARK: - DeclarationVisitor: annotations

/// `// decouple:` comments: read where they annotate a type, reported where they annotate nothing.
extension DeclarationVisitor {
    /// Parses the text after each `decouple:` at `markers` (UTF-8 offsets into `source`) up to
    /// the end of its line, where a line comment ends, for ``annotations(on:before:)``.
    func readAnnotations(at markers: [Int], in source: String) {
        self.markers = markers
        guard !markers.isEmpty else { return }
        let utf8 = source.utf8
        let candidates: [(marker: Int, start: Int, text: String)] = markers.map { marker in
            let line = utf8[utf8.index(utf8.startIndex, offsetBy: marker)...].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            let text = Self.annotationText(Substring(line))
            return (marker, marker + line.count - text.utf8.count, String(text))
        }
        let results = AnnotationParser.parseAll(
            candidates.map(\.text), origins: candidates.map { lines.position(of: AbsolutePosition(utf8Offset: $0.start), in: path) })
        for (candidate, result) in zip(candidates, results) { parsedAnnotations[candidate.marker] = (candidate.text, result) }
    }

    /// What an annotation says, from the text that starts at its `decouple:`: what follows it,
    /// spaces and tabs skipped.
    static func annotationText(_ fromMarker: Substring) -> Substring {
        fromMarker.dropFirst("decouple:".count).drop { $0 == " " || $0 == "\t" }
    }

    /// Reads `// decouple: …` comments before a declaration's name: above it, and between its
    /// attributes, modifiers and keyword (`@MainActor // decouple: …` then `struct M`), since each
    /// of those places annotates the declaration as a reader sees it.
    func annotations(on node: Syntax, before name: some SyntaxProtocol) -> [Annotation] {
        // Every comment read below lies between the declaration's start and its name's end.
        guard hasMarker(in: node.position.utf8Offset..<name.endPosition.utf8Offset) else { return [] }
        var result: [Annotation] = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            if token.position >= name.positionAfterSkippingLeadingTrivia { break }
            for (offset, comment, marker) in Self.annotationComments(token) {
                attachedMarkers.insert(marker)
                let fromMarker = comment.utf8.dropFirst(marker - offset.utf8Offset)
                let text = String(Self.annotationText(Substring(fromMarker)))
                let parsed = parsedAnnotations[marker].flatMap { $0.text == text ? $0.result : nil }
                let start = offset.advanced(by: comment.utf8.count - text.utf8.count)
                switch parsed ?? AnnotationParser.parse(text, origin: lines.position(of: start, in: path)) {
                case let .success(annotation): result.append(annotation)
                case let .failure(diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
        return result
    }

    /// The `// decouple:` (or `/// decouple:`) comments in a token's trivia: where each starts,
    /// its text, and the UTF-8 offset of its `decouple:`.
    static func annotationComments(_ token: TokenSyntax) -> [(offset: AbsolutePosition, text: String, marker: Int)] {
        var result: [(AbsolutePosition, String, Int)] = []
        for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
            var offset = start
            for piece in trivia {
                defer { offset += piece.sourceLength }
                let text: String
                let markerLength: Int
                switch piece {
                case let .lineComment(comment): (text, markerLength) = (comment, 2)
                case let .docLineComment(comment): (text, markerLength) = (comment, 3)
                default: continue
                }
                let annotation = text.dropFirst(markerLength).drop(while: { $0 == " " || $0 == "\t" })
                guard annotation.hasPrefix("decouple:") else { continue }
                result.append((offset, text, offset.utf8Offset + text.utf8.count - annotation.utf8.count))
            }
        }
        return result
    }

    /// An error for each `// decouple:` comment that annotates nothing (above a typealias, a
    /// member, a statement, or at the end of a file): ignoring it would drop the adapter it asks
    /// for without a word.
    ///
    /// Only the token around each `decouple:` of the source that no declaration read is looked
    /// up, from the root down, so the cost grows with the stray annotations, not with the file.
    func reportStrayAnnotations(in tree: SourceFileSyntax, markers: [Int]) {
        var checked: Set<Int> = []
        for marker in markers where !attachedMarkers.contains(marker) {
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: marker)),
                  checked.insert(token.position.utf8Offset).inserted else { continue }
            for (offset, _, marker) in Self.annotationComments(token) where !attachedMarkers.contains(marker) {
                diagnostics.append(Diagnostic(
                    "this 'decouple:' annotation is attached to no type; write it directly above a struct, class, enum, "
                        + "actor or extension (or among its attributes): a typealias, a member or a statement cannot be annotated",
                    rule: .detachedAnnotation, at: lines.position(of: offset, in: path)))
            }
        }
    }

    /// The UTF-8 offset of each occurrence of `needle` in `text`.
    static func offsets(of needle: String, in text: String) -> [Int] {
        var text = text
        let pattern = Array(needle.utf8)
        return text.withUTF8 { haystack in
            guard let first = pattern.first, haystack.count >= pattern.count else { return [] }
            return (0...(haystack.count - pattern.count)).filter { start in
                haystack[start] == first && haystack[start..<start + pattern.count].elementsEqual(pattern)
            }
        }
    }

    // MARK: Helpers

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        lines.position(of: node.positionAfterSkippingLeadingTrivia, in: path)
    }
}
