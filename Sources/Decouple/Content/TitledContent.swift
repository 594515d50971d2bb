/// The content of a view that shows a title and a subtitle.
///
/// This is the display protocol at the heart of decoupling: the view asks for a `title` and a
/// `subtitle` and never learns which model supplied them, so a model can be shown by a view it
/// does not know, and a view can show models written after it.
///
/// ```swift
/// struct Story { var story: String; var description: String }
///
/// extension Story: TitledContent {
///     var title: String { story }
///     var subtitle: String { description }
/// }
///
/// let view = TitledContentView()
/// view.content = Story(story: "Once", description: "upon a time")
/// ```
///
/// Declare your own content protocols the same way: one small protocol per view, naming only
/// what the view shows.
public protocol TitledContent {
    /// The main line of text.
    var title: String { get }
    /// The secondary line of text.
    var subtitle: String { get }
}
