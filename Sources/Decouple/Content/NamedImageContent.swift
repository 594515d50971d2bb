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
/// let proxy = ForwardingProxy()
/// proxy.inject(App(name: "QQ", image: "QQ"), as: NamedImageContent.self)
/// proxy.image   // QQ
/// ```
public protocol NamedImageContent {
    /// The caption shown with the image.
    var name: String { get }
    /// The image to show.
    var image: ImageName { get }
}
