import DecoupleTestSupport
import Testing

// Article example begins
import Decouple

@MainActor final class SearchViewModel {
    @Observed var query = ""
    @Observed var results: [String] = []
}

@MainActor func connect(_ viewModel: SearchViewModel, search: @escaping @Sendable (String) async -> [String]) -> Task<Void, Never> {
    // Out: the queries, latest first, read off the main actor. In: each result, awaited back.
    let queries = viewModel.$query.values(bufferingPolicy: .bufferingNewest(1))
    return Task.detached {
        for await query in queries {
            let results = await search(query)
            await MainActor.run { viewModel.results = results }
        }
    }
}
// Article example ends

@MainActor @Suite struct ThreadDoorsExampleTests {
    /// A search off the main actor follows the query and hands its results back.
    @Test func theSearch_runsOffTheMainActor_andItsResultsComeBack() async {
        let viewModel = SearchViewModel()
        let task = connect(viewModel) { query in
            query.isEmpty ? [] : ["\(query)1", "\(query)2"]
        }
        viewModel.query = "ab"
        for _ in 0..<100_000 where viewModel.results != ["ab1", "ab2"] { await Task.yield() }
        #expect(viewModel.results == ["ab1", "ab2"])
        task.cancel()
    }

    @Test func theArticleShowsThisExample_verbatim() throws {
        try expectDocument("Sources/Decouple/Decouple.docc/ListsAndObservation.md", containsExampleOf: #filePath)
    }
}
