import Foundation

// MARK: - ThreadContext

/// The current thread's ``DeliveryContext``, kept in a POSIX thread-specific slot.
///
/// This is the core's one use of unmanaged references, and its invariant is: the slot of a
/// thread is empty, or holds a context retained once, stored by ``current`` the first time the
/// thread asks, and released by the key's destructor when the thread exits. Nothing else writes
/// the slot, so reading it back as an unretained reference is safe for as long as the thread
/// runs. `ThreadContextTests` checks that each thread gets its own context, the same one every
/// time, and that a thread's context is released when the thread exits.
enum ThreadContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { releaseContext($0) }
        precondition(result == 0, "pthread_key_create failed: \(result)")
        return key
    }()

    /// The current thread's context, made on first use.
    static var current: DeliveryContext {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<DeliveryContext>.fromOpaque(stored).takeUnretainedValue()
        }
        let context = DeliveryContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }
}

/// The key's destructor: releases the context the slot retained. Takes an optional pointer so
/// that one closure fits both C signatures (Glibc passes an optional, Darwin a non-optional).
private func releaseContext(_ stored: UnsafeMutableRawPointer?) {
    if let stored { Unmanaged<DeliveryContext>.fromOpaque(stored).release() }
}
