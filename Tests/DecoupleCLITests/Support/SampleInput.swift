/// One model and a configuration that maps it, shared by the tool's tests.
enum SampleInput {
    static let models = """
        final class CCAModel {
            var name: String
            var age: Int
            init(name: String, age: Int) { self.name = name; self.age = age }
        }
        """
    static let config = #"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "age"}}]}"#
}
