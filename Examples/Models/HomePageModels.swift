// Seed 002: a row of the home page, shown through a content protocol of the app's own.

/// What a score row shows.
protocol ScoreContent {
    var playerName: String { get }
    var score: Int { get }
    var total: Int { get }
}

final class HomePageModel {
    var number: Int
    var name: String
    var score: Int
    var totalNumber: Int?

    init(number: Int, name: String, score: Int) {
        self.number = number
        self.name = name
        self.score = score
    }
}
