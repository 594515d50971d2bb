// Hand-written beside the generated messages.

extension App_FeedItem {
    public func summary(in locale: String) -> String {
        locale == "fr" ? "\(likes) j'aime" : "\(likes) likes"
    }
}
