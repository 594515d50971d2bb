import Decouple

// MARK: - ImageView

/// Shows an image as a visible placeholder with its name: `[QQ]`.
///
/// Text has no bitmaps, so the placeholder is what tests compare: a wrong or missing image is as
/// visible as it would be on screen.
///
/// ```swift
/// ImageView(image: "QQ").renderedText()   // "[QQ]"
/// ImageView().renderedText()              // "[ ]"
/// ```
@MainActor
open class ImageView: View {
    /// The image shown; `nil` or `ImageName.empty` shows an empty frame.
    open var image: ImageName?

    public init(image: ImageName? = nil) {
        self.image = image
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in
            let name = image?.rawValue ?? ""
            let frame = name.isEmpty ? "[ ]" : "[" + TextWidth.truncate(name, to: width - 2) + "]"
            return [TextWidth.pad(frame, to: width)]
        }
    }
}
