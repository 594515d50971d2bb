import Decouple
import DecoupleTestSupport
import Testing

// Article example begins
import Decouple

struct Song: Identifiable, Equatable { var id: Int; var title: String }

func playlistChanges() throws -> ListChanges<Int> {
    let old = [Song(id: 1, title: "晴天"), Song(id: 2, title: "稻香"), Song(id: 3, title: "夜曲")]
    let new = [Song(id: 3, title: "夜曲"), Song(id: 1, title: "晴天 (live)"), Song(id: 4, title: "告白气球")]
    return try new.changes(from: old)
    // In UIKit: tableView.performBatchUpdates { delete, insert, move }, then reconfigure the updates.
}
// Article example ends

@Suite struct ReadmeDiffExampleTests {
    @Test func theReadmesPlaylist() throws {
        let changes = try playlistChanges()
        #expect(changes.deletions == [1])                                 // 稻香
        #expect(changes.insertions == [2])                                // 告白气球
        #expect(changes.moves == [.init(old: 2, new: 0)])                 // 夜曲 to the front
        #expect(changes.updates == [.init(old: 0, new: 1)])               // 晴天 became the live version
    }

    @Test func theArticleShowsThisExample_verbatim() throws {
        try expectDocument("Sources/Decouple/Decouple.docc/ListsAndObservation.md", containsExampleOf: #filePath)
    }
}
