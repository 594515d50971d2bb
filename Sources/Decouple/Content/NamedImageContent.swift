/// The content of a view that shows a name under an image, like an app icon.
///
/// The seed's `MYAppView` shows an `MYAppModel(name, image)`; with this protocol the view shows
/// anything that has a name and an image.
///
/// ```swift
/// struct App: NamedImageContent {
///     var name: String
///     var image: ImageName
/// }
/// let icon = AppIconView()
/// icon.content = App(name: "QQ", image: "QQ")
/// ```
public protocol NamedImageContent {
    /// The caption shown with the image.
    var name: String { get }
    /// The image to show.
    var image: ImageName { get }
}
