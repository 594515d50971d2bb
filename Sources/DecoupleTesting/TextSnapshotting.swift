@_exported import DecoupleTextUI
import SnapshotTesting

// MARK: - Snapshot strategies for text views

extension Snapshotting where Value: View, Format == String {
    /// Snapshots a view as the text a person would read.
    ///
    /// ```swift
    /// assertInlineSnapshot(of: cell, as: .text(width: 24)) {
    ///     """
    ///     商品-0             ¥19.0
    ///     """
    /// }
    /// ```
    ///
    /// - Parameter width: The columns to render at. `nil` uses a `Window`'s own width, or 40
    ///   for any other view. Trailing spaces are removed from every line.
    public static func text(width: Int? = nil) -> Snapshotting {
        Snapshotting<String, String>.lines.pullback { view in
            MainActor.assumeIsolated { render(view, width: width) }
        }
    }
}

extension Snapshotting where Value: ViewController, Format == String {
    /// Snapshots a controller's view as text, loading it if needed.
    ///
    /// - Parameter width: The columns to render at; 40 when `nil`.
    public static func text(width: Int? = nil) -> Snapshotting {
        Snapshotting<String, String>.lines.pullback { controller in
            MainActor.assumeIsolated { render(controller.view, width: width) }
        }
    }
}

@MainActor
private func render(_ view: View, width: Int?) -> String {
    if let window = view as? Window, width == nil { return window.renderedText() }
    return view.renderedText(width: width ?? 40)
}
