// Members declared in an extension in another file are merged into the type.
extension API.User {
    var fullName: String { first + " " + last }
}
