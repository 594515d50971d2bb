struct Card54 {
    var heading: String
    var icon: String?
    var note: String??
    var count: Int??
    var caption: Optional<String?>
}

protocol OptionalNote54 {
    var remark: String? { get }
}
