import SwiftSyntax

// MARK: - LineTable

/// Where each line of a source starts, to turn a UTF-8 offset into a line and a column as the
/// compiler counts them: a line ends at `\n`, `\r` or `\r\n`, and a column counts UTF-8 bytes
/// from 1.
///
/// It is built in one pass over the text's bytes. swift-syntax's `SourceLocationConverter`
/// gives the same answers (a test compares them), but it rebuilds the text from the tree and
/// walks every token to find the lines, a twentieth of a run on a large code base. A scanned file
/// names no `#sourceLocation`: positions are where the text is.
package struct LineTable {
    /// The offset where each line starts: 0, then the offset after each line break.
    private var starts: [Int] = [0]
    /// The text's length in UTF-8 bytes.
    private let count: Int
    /// For a tree parsed from the text with stretches taken out (``removing(_:)``): from each
    /// offset of that tree on, how many bytes were taken out before it.
    private var removed: [(from: Int, bytes: Int)] = []

    package init(_ text: String) {
        var text = text
        var starts = [0]
        count = text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
            return bytes.count
        }
        self.starts = starts
    }

    /// The table for a tree parsed from the text with these stretches taken out (sorted, apart):
    /// an offset in that tree is read as the offset in the text where it was.
    func removing(_ stretches: [Range<Int>]) -> LineTable {
        var table = self
        var total = 0
        for stretch in stretches {
            total += stretch.count
            table.removed.append((stretch.upperBound - total, total))
        }
        return table
    }

    /// The line and column of `position`, clamped to the text.
    package func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        var offset = position.utf8Offset
        if let first = removed.first, offset >= first.from {
            // The last stretch that ends at or before the offset.
            var low = 0, high = removed.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if removed[middle].from <= offset { low = middle } else { high = middle }
            }
            offset += removed[low].bytes
        }
        offset = max(0, min(offset, count))
        // The last line that starts at or before the offset.
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// The UTF-8 offset of `line` and `column`, counted as ``location(of:)`` counts them; `nil`
    /// for a line the text does not have.
    package func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count, column >= 1 else { return nil }
        return starts[line - 1] + column - 1
    }

    /// `position` in the file at `path`.
    package func position(of position: AbsolutePosition, in path: String) -> SourcePosition {
        let (line, column) = location(of: position)
        return SourcePosition(file: path, line: line, column: column)
    }
}
