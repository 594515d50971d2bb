import DecoupleTesting
import Testing

/// `TestScheduler`: time that moves only when a test moves it.
@MainActor
struct TestSchedulerTests {
    @Test func testScheduler_runsWorkInTimeOrder_andTimersStopWithTheirToken() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let late = scheduler.schedule(after: .seconds(1)) { log.append("1s @\(scheduler.now)") }
        let early = scheduler.schedule(after: .milliseconds(500)) { log.append("0.5s @\(scheduler.now)") }
        var timer: CancellationToken? = scheduler.schedule(every: .seconds(2)) { log.append("tick @\(scheduler.now)") }
        scheduler.advance(by: .milliseconds(499))
        #expect(log.isEmpty)
        scheduler.advance(by: .seconds(4))
        #expect(log == ["0.5s @0.5 seconds", "1s @1.0 seconds", "tick @2.0 seconds", "tick @4.0 seconds"])
        timer = nil
        scheduler.advance(by: .seconds(10))
        #expect(log.count == 4)
        #expect(scheduler.pendingCount == 0)
        #expect(timer == nil)
        _ = (late, early)
    }

    /// Work that advances the clock itself, from inside an outer `advance`: the clock never goes
    /// back, and nothing runs twice.
    @Test func testScheduler_advanceFromScheduledWork_neverMovesTheClockBack() {
        let scheduler = TestScheduler()
        var log: [String] = []
        var times: [Duration] = []
        func note(_ what: String) {
            log.append("\(what) @\(scheduler.now)")
            times.append(scheduler.now)
        }
        let timer = scheduler.schedule(every: .milliseconds(300)) { note("tick") }
        let inner = scheduler.schedule(after: .milliseconds(500)) {
            note("inner")
            scheduler.advance(by: .seconds(2))
            note("inner done")
        }
        let once = scheduler.schedule(after: .milliseconds(800)) { note("0.8") }
        let late = scheduler.schedule(after: .seconds(2)) { note("2") }

        scheduler.advance(by: .seconds(1))
        #expect(scheduler.now == .milliseconds(2500))
        #expect(log == [
            "tick @0.3 seconds", "inner @0.5 seconds",
            "tick @0.6 seconds", "0.8 @0.8 seconds", "tick @0.9 seconds", "tick @1.2 seconds",
            "tick @1.5 seconds", "tick @1.8 seconds", "2 @2.0 seconds", "tick @2.1 seconds",
            "tick @2.4 seconds", "inner done @2.5 seconds",
        ])
        #expect(times == times.sorted())

        // Time goes on from where the inner call left it.
        scheduler.advance(by: .milliseconds(200))
        #expect(scheduler.now == .milliseconds(2700))
        #expect(log.last == "tick @2.7 seconds")
        #expect(log.filter { $0.hasPrefix("0.8") }.count == 1)
        // The timer's work captures the scheduler: cancelled, it is let go of at once,
        // and with it that cycle.
        timer.cancel()
        #expect(scheduler.pendingCount == 0)
        _ = (inner, once, late)
    }

    /// Work that advances by less than what is left of the outer call: the outer call goes on to
    /// its own end, running what falls due after the inner call's end once.
    @Test func testScheduler_shortInnerAdvance_outerCallRunsTheRestOnce() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let inner = scheduler.schedule(after: .milliseconds(100)) {
            scheduler.advance(by: .milliseconds(100))
            log.append("inner done @\(scheduler.now)")
        }
        let early = scheduler.schedule(after: .milliseconds(150)) { log.append("0.15 @\(scheduler.now)") }
        let later = scheduler.schedule(after: .milliseconds(700)) { log.append("0.7 @\(scheduler.now)") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["0.15 @0.15 seconds", "inner done @0.2 seconds", "0.7 @0.7 seconds"])
        #expect(scheduler.now == .seconds(1))
        #expect(scheduler.pendingCount == 0)
        _ = (inner, early, later)
    }

    private final class Captured {}

    /// Cancelling work, or letting its token go, lets go of the work and what it captures at
    /// once, not at the scheduler's next look: work that captures its scheduler leaves no cycle.
    @Test func testScheduler_cancelledOrReleasedWork_isLetGoOfAtOnce() async {
        for repeating in [false, true] {
            let scheduler = TestScheduler()
            func schedule(_ captured: Captured) -> CancellationToken {
                repeating ? scheduler.schedule(every: .seconds(1)) { _ = captured }
                    : scheduler.schedule(after: .seconds(1)) { _ = captured }
            }
            // Cancelled.
            weak var cancelled: Captured?
            var token: CancellationToken? = { let captured = Captured(); cancelled = captured; return schedule(captured) }()
            #expect(cancelled != nil, "kept while it is scheduled")
            token?.cancel()
            #expect(cancelled == nil, "repeating: \(repeating)")
            // Released.
            weak var released: Captured?
            token = { let captured = Captured(); released = captured; return schedule(captured) }()
            #expect(released != nil)
            token = nil
            #expect(released == nil, "repeating: \(repeating)")
            #expect(scheduler.pendingCount == 0)
        }

        // A one-off that has run is let go of though its token is kept.
        let scheduler = TestScheduler()
        weak var ran: Captured?
        let token = { let captured = Captured(); ran = captured; return scheduler.schedule(after: .seconds(1)) { _ = captured } }()
        scheduler.advance(by: .seconds(2))
        #expect(ran == nil)
        #expect(!token.isCancelled)

        // Work that captures its scheduler: cancelled, the scheduler goes.
        weak var weakScheduler: TestScheduler?
        let timer = {
            let scheduler = TestScheduler()
            weakScheduler = scheduler
            return scheduler.schedule(every: .seconds(1)) { _ = scheduler.now }
        }()
        #expect(weakScheduler != nil)
        timer.cancel()
        #expect(weakScheduler == nil)
    }
}
