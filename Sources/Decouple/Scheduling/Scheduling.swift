// MARK: - Scheduling

/// Runs work later, on the main actor: `dispatch_after` and `Timer`, made
/// injectable so that tests move time forward instead of sleeping.
///
/// Production code takes a scheduler and defaults to ``MainActorScheduler``; tests pass the
/// `TestScheduler` of the `DecoupleTesting` module and call its `advance(by:)`.
///
/// ```swift
/// final class HomePageViewModel {
///     private let timer: CancellationToken
///     init(scheduler: any Scheduling = MainActorScheduler()) {
///         timer = scheduler.schedule(every: .seconds(2)) { [weak self] in self?.tick() }
///     }
/// }
/// ```
///
/// Work ends when its token is cancelled or released, so a timer owned by a view model stops
/// when the view model goes away.
@MainActor
public protocol Scheduling: AnyObject {
    /// Runs `action` once, after `delay`.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken
    /// Runs `action` every `interval`, first after one interval.
    func schedule(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken
}

// MARK: - MainActorScheduler

/// Runs work on the main actor after real time has passed.
public final class MainActorScheduler: Scheduling {
    public init() {}

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        let task = Task { @MainActor in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            action()
        }
        return CancellationToken { task.cancel() }
    }

    public func schedule(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        let task = Task { @MainActor in
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                action()
            }
        }
        return CancellationToken { task.cancel() }
    }
}
