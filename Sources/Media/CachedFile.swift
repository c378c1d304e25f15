import Foundation
public import NIOCore

/// A cached version opened for reading: its descriptor, closed when the last reader lets it go, keeps
/// it readable even if the cache evicts it meanwhile. Read in chunks as the answer is sent, so a client
/// that reads slowly, or never, holds a chunk of the server's memory, not the whole version (each
/// request once held its own copy: 40 clients that never read held 281 MB).
public final class CachedFile: Sendable {
    private let descriptor: Int32
    /// Its length in bytes.
    public let size: Int

    /// The file could not be read where it was found (changed or cut short under the server): a
    /// failure of this instance, not of the request.
    public struct Unreadable: Error {
        public init() {}
    }

    /// The file at `path`, opened; nil when it cannot be.
    init?(path: String) {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit {
        close(self.descriptor)
    }

    /// A handle of its own on the file, for a connection to send it from (`sendfile(2)`) however long
    /// that takes; the caller closes it.
    public func duplicateHandle() throws(Unreadable) -> NIOFileHandle {
        let duplicate = fcntl(self.descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw Unreadable() }
        return NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: duplicate)
    }

    /// Up to `count` bytes from `offset` (fewer only at the end); nil when the read fails.
    public func read(at offset: Int, upTo count: Int) -> ByteBuffer? {
        let wanted = max(0, min(count, self.size - offset))
        var buffer = ByteBufferAllocator().buffer(capacity: wanted)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { pointer in
            var total = 0
            while total < wanted {
                let count = pread(self.descriptor, pointer.baseAddress! + total, wanted - total, off_t(offset + total))
                guard count > 0 else { break }
                total += count
            }
            return total
        }
        return read == wanted ? buffer : nil
    }
}
