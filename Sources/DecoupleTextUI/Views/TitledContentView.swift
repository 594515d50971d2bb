import Decouple

// MARK: - TitledContentView

/// The seed's `CCView`: a title label over a subtitle label, showing any `TitledContent`.
///
/// The view knows only the protocol. A model, an adapter from a `ContentFactory` or a
/// `ForwardingProxy` all fit.
///
/// ```swift
/// let view = TitledContentView()
/// view.content = proxy
/// print(view.renderedText(width: 20))
/// // Ann
/// // 30
/// ```
@MainActor
open class TitledContentView: View {
    /// Shows the content's title.
    public let titleLabel = Label()
    /// Shows the content's subtitle.
    public let subtitleLabel = Label()

    /// What the view shows. Setting it fills the labels, as the seed's `setModel:` does.
    open var content: (any TitledContent)? {
        didSet { update() }
    }

    public override init() {
        super.init()
        addSubview(titleLabel)
        addSubview(subtitleLabel)
    }

    /// Reads the content into the labels again, for content whose values changed.
    open func update() {
        titleLabel.text = content?.title ?? ""
        subtitleLabel.text = content?.subtitle ?? ""
    }
}
