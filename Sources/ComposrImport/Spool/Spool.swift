import Foundation
import Glibc

/// Records kept in a temporary file while a dump is read, then read back in order a batch at a time,
/// so a big site's import holds a batch of its members, articles and tokens, never all of them.
///
/// The file is unlinked as soon as it is made (only this process can reach it, and nothing is left
/// behind however the import ends) and closed with the spool. Records are written whole, each its
/// length then its bytes; reading uses `pread`, so a spool is read by any task without shared state.
final class Spool: Sendable {
    private let descriptor: Int32
    /// Bytes written.
    let size: Int
    /// Records written.
    let count: Int

    fileprivate init(descriptor: Int32, size: Int, count: Int) {
        self.descriptor = descriptor
        self.size = size
        self.count = count
    }

    deinit {
        close(self.descriptor)
    }

    /// Calls `body` with the records in the order written, `size` at a time.
    func forEachBatch(of size: Int, _ body: ([[UInt8]]) async throws -> Void) async throws {
        var reader = Reader(spool: self)
        var batch: [[UInt8]] = []
        batch.reserveCapacity(size)
        while let record = try reader.next() {
            batch.append(record)
            if batch.count == size {
                try await body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try await body(batch) }
    }

    /// Every record, in order (small spools, tests).
    func all() throws -> [[UInt8]] {
        var reader = Reader(spool: self)
        var records: [[UInt8]] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    /// Reads records back a chunk of the file at a time.
    private struct Reader {
        let spool: Spool
        var buffer: [UInt8] = []
        var start = 0
        var offset = 0

        mutating func next() throws -> [UInt8]? {
            guard try self.fill(4) else { return nil }
            let length = self.buffer[self.start..<self.start + 4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            guard try self.fill(4 + length) else { throw ComposrImportError.temporaryFile("it ended inside a record") }
            defer { self.start += 4 + length }
            return Array(self.buffer[self.start + 4..<self.start + 4 + length])
        }

        /// Whether `count` bytes are buffered from `start`, reading on when not; false at the end.
        private mutating func fill(_ count: Int) throws -> Bool {
            if self.buffer.count - self.start >= count { return true }
            self.buffer.removeFirst(self.start)
            self.start = 0
            while self.buffer.count < count, self.offset < self.spool.size {
                let want = min(max(count - self.buffer.count, 1 << 20), self.spool.size - self.offset)
                var chunk = [UInt8](repeating: 0, count: want)
                let read = chunk.withUnsafeMutableBytes { pread(self.spool.descriptor, $0.baseAddress, want, off_t(self.offset)) }
                guard read > 0 else { throw ComposrImportError.temporaryFile(String(cString: strerror(errno))) }
                self.buffer += chunk[0..<read]
                self.offset += read
            }
            return self.buffer.count >= count
        }
    }

    /// Writes records to a new spool; ``finished()`` hands it over for reading (a writer dropped
    /// before that closes its file).
    final class Writer {
        private var descriptor: Int32?
        private var buffer: [UInt8] = []
        private var size = 0
        private var count = 0

        init() throws {
            var template = Array((FileManager.default.temporaryDirectory.path + "/endpoint-import-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw ComposrImportError.temporaryFile(String(cString: strerror(errno))) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            self.descriptor = descriptor
        }

        deinit {
            if let descriptor = self.descriptor { close(descriptor) }
        }

        func append(_ record: [UInt8]) throws {
            withUnsafeBytes(of: UInt32(record.count).littleEndian) { self.buffer += $0 }
            self.buffer += record
            self.count += 1
            if self.buffer.count >= 1 << 20 { try self.flush() }
        }

        private func flush() throws {
            guard let descriptor = self.descriptor else { return }
            var written = 0
            while written < self.buffer.count {
                let wrote = self.buffer[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard wrote > 0 else { throw ComposrImportError.temporaryFile(String(cString: strerror(errno))) }
                written += wrote
            }
            self.size += self.buffer.count
            self.buffer = []
        }

        /// The spool, for reading; the writer is done with.
        func finished() throws -> Spool {
            try self.flush()
            guard let descriptor = self.descriptor else { throw ComposrImportError.temporaryFile(String(cString: strerror(EBADF))) }
            self.descriptor = nil
            return Spool(descriptor: descriptor, size: self.size, count: self.count)
        }
    }
}
