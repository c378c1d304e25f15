import NIOCore

/// A task executor that runs its jobs on one NIO event loop.
///
/// A task that prefers it runs nonisolated async code, such as postgres-nio's `execute`, on the
/// connection's event loop: what it checks there and what postgres-nio then writes to the channel
/// happen in one turn of that loop, with no gap in which the channel could close unseen.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        self.eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
