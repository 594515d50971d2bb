import Foundation

enum API {
    struct User {
        var first, last: String
        var nickname: String?
    }
}

extension API {
    struct Post: Codable {
        var headline: String
        var likes: Int
    }
}
