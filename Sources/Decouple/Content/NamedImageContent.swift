/// The content of a view that shows a name under an image, like an app icon.
///
/// A view that takes this protocol, rather than a model type, shows anything that has a name and
/// an image: an app, a contact, a place, each without knowing the view.
///
/// ```swift
/// struct App: NamedImageContent {
///     var name: String
///     var image: ImageName
/// }
/// let proxy = ForwardingProxy()
/// proxy.inject(App(name: "QQ", image: "QQ"), as: NamedImageContent.self)
/// print(proxy.image)   // QQ
/// ```
public protocol NamedImageContent {
    /// The caption shown with the image.
    var name: String { get }
    /// The image to show.
    var image: ImageName { get }
}
