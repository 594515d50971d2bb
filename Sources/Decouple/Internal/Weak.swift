/// A weak reference to an object, for places that must not keep it alive: objects injected
/// weakly into a proxy, observers, tokens and views captured by handlers.
///
/// Swift's weak references are themselves safe to load from any thread; whatever is done with
/// the object once loaded is the object's own concern.
@usableFromInline
package final class Weak<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline package weak var object: Object?

    @usableFromInline
    package init(_ object: Object? = nil) {
        self.object = object
    }
}
