// MARK: - Catalog: the files as the target sees them

extension Catalog {
    /// The catalog of the files as the configuration's target sees them: the types and
    /// protocols of the files read for their declarations only are marked so (the one place the
    /// configuration's list of them is read); under a default isolation of `MainActor`, the
    /// target's own declarations that say none are isolated to it, and a file of another module
    /// (read with `--context`, or whose path `Sources/NAME/…` names another module than the
    /// configuration's) keeps its own.
    init(files: [ScannedFile], configuration: Configuration) {
        self.init(files: files.map { file in
            guard configuration.declarationsOnly.contains(file.path) else {
                let isAnotherModule = configuration.module != nil && file.module != nil && file.module != configuration.module
                return configuration.defaultIsolation == .mainActor && !isAnotherModule ? file.isolatedToTheMainActorByDefault() : file
            }
            var file = file
            for index in file.types.indices { file.types[index].isContext = true }
            for index in file.protocols.indices { file.protocols[index].isContext = true }
            return file
        })
    }
}
