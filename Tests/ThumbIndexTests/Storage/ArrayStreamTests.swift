import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex

/// An ``ArrayStream`` ends as the array appended, whether it stays in memory, goes to a scratch
/// file, or goes to one and falls back to memory when a write fails; a scratch folder is left empty.
@Suite("Storage: arrays streamed to scratch files")
struct ArrayStreamTests {
    /// A new empty folder.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-scratch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// What `path` holds (scratch files are removed from it as soon as they are made).
    static func contents(_ path: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path) }

    @Test("random appends, in memory, into scratch files, and with writes failing part way")
    func randomAppends() async throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        await propertyCheck(count: Cases.scaled(200), input: Gen.int(in: 0...2_000), Gen.int(in: 1...64), Gen.int(in: 0...1_000_000)) { count, chunk, seed in
            var generator = SeededGenerator(state: UInt64(seed))
            let values = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
            let failing = Int.random(in: 0...(4 * count), using: &generator)
            for (scratch, label) in [(nil, "memory"), (ScratchFolder(path: path, chunkBytes: chunk), "scratch"),
                                     (ScratchFolder(path: path, chunkBytes: chunk, failingAfter: failing), "failing")] {
                let stream = ArrayStream<UInt32>(scratch: scratch, capacity: count)
                var i = 0
                while i < count {
                    // Single elements and runs of them, as a merge appends.
                    let run = min(count - i, Int.random(in: 1...9, using: &generator))
                    if run == 1 { stream.append(values[i]) } else { stream.append(contentsOf: values[i..<(i + run)]) }
                    i += run
                }
                let array = stream.finish()
                #expect(Array(array) == values, "\(label): \(count) elements, chunks of \(chunk) bytes")
                // A file is made once a chunk's worth is appended; the failing one's writes fail past `failing` bytes.
                let filed = label != "memory" && count >= max(1, chunk / 4)
                let failed = filed && label == "failing" && count * 4 > failing
                #expect(array.isMapped == (filed && !failed), "\(label): mapped")
                #expect((scratch?.failure != nil) == failed, "\(label): failure")
            }
        }
        #expect(try Self.contents(path).isEmpty)
    }

    @Test("an array kept in a scratch folder is the same array, mapped when it fills a chunk")
    func kept() throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scratch = ScratchFolder(path: path, chunkBytes: 16)
        let long = FlatArray<UInt64>((0..<1000).map { $0 &* 0x9E37_79B9_7F4A_7C15 }), short = FlatArray<UInt64>([7])
        let keptLong = ArrayStream.kept(long, in: scratch), keptShort = ArrayStream.kept(short, in: scratch)
        #expect(keptLong == long && keptLong.isMapped)
        #expect(keptShort == short && !keptShort.isMapped)
        #expect(ArrayStream.kept(long, in: nil).isMapped == false)
        #expect(try Self.contents(path).isEmpty)
    }

    /// This process's open descriptors of files in `folder` (a file with no name left reads as
    /// "PATH (deleted)" in /proc/self/fd).
    static func openFiles(in folder: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasPrefix(folder + "/") }
    }

    @Test("a mapped array's scratch file stays open while the array lives, and is closed once it is gone")
    func scratchFileClosed() async throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var array: FlatArray<UInt32>? = ArrayStream.kept(FlatArray((0..<100_000).map(UInt32.init)), in: ScratchFolder(path: path, chunkBytes: 64))
        #expect(array?.isMapped == true)
        #expect(Self.openFiles(in: path).count == 1, "the mapping owns the file's descriptor")
        array = nil
        // Cut down and closed on FileBlocks' queue: 400 KB is one step.
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.openFiles(in: path).isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(Self.openFiles(in: path).isEmpty, "\(Self.openFiles(in: path))")
    }

    @Test("a folder that does not exist: the arrays stay in memory, and the failure names the file")
    func missingFolder() throws {
        let scratch = ScratchFolder(path: "/nonexistent-\(UUID().uuidString)", chunkBytes: 8)
        let stream = ArrayStream<UInt8>(scratch: scratch, capacity: 100)
        stream.append(contentsOf: (0..<100).map(UInt8.init))
        let array = stream.finish()
        #expect(Array(array) == (0..<100).map(UInt8.init) && !array.isMapped)
        let failure = try #require(scratch.failure)
        #expect(failure.contains("nonexistent") && failure.contains("mkstemp"), "\(failure)")
    }
}
