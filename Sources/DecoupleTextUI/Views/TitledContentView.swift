import Decouple

// MARK: - TitledContentView

/// A title label over a subtitle label, showing any `TitledContent`.
///
/// The view knows only the protocol, so it needs no change for a new model: a model that
/// conforms, an adapter from a `ContentFactory` or a `ForwardingProxy` all fit.
///
/// ```swift
/// struct Profile: TitledContent { var title = "Ann"; var subtitle = "30" }
///
/// let view = TitledContentView()
/// view.content = Profile()
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

    /// What the view shows. Setting it fills the labels at once, so a view reused for other
    /// content never shows the previous content's text.
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
