// Shaped like protoc-gen-swift output: every file declares the same file-private type.

fileprivate struct _GeneratedWithProtocGenSwiftVersion {
    static let version = 2
}

public struct App_User: Sendable {
    public var id: Int64 = 0
    public var name: String = String()
    public var handle: String = String()

    public init() {}
}
