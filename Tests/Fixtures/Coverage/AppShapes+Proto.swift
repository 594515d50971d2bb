fileprivate struct _GeneratedWithProtocGenSwiftVersion {}
