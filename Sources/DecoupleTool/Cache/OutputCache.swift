import DecoupleGenerator
import Foundation

// MARK: - OutputCache

/// Generated files by the digest of what produced them. Only successful output is kept; a
/// damaged, planted or missing entry just means generating again.
enum OutputCache {
    /// What every key names of the tool itself: its version, and the size and modification time
    /// of the executable it runs from. Entries hold what one build's scanner recorded and its
    /// emitter wrote, and a rebuilt tool (whose scanner or emitter may differ under the same
    /// version) must never read another build's entries, so a new build starts a new cache; the
    /// same binary, copied with its modification time, shares it.
    static let toolIdentity: String = {
        let version = Frontend.version
        // Its status only: Foundation's attributes also look up the owner's account and group
        // names, and `Bundle.main` lists the executable's folder, which showed in a run served
        // from the cache.
        #if os(Linux)
        let executable: String? = "/proc/self/exe"
        #else
        let executable = Bundle.main.executablePath
        #endif
        guard let executable, case .success(let status) = FileStatus.of(executable) else { return version }
        return "\(version) \(status.size) \(status.modified.seconds).\(status.modified.nanoseconds)"
    }()

    /// The SHA-256 (``Digest``) of what a run's output depends on: the cache's schema version,
    /// what each source declares (``ScanCache/declarationDigests(for:)``, positions left out, so
    /// files that differ only in function bodies, comments or blank lines share it), the
    /// configuration, the style option and the tool's build (``toolIdentity``). The sources'
    /// order counts: which of two namesakes wins, and which declaration an annotation in an
    /// extension belongs to, depend on it.
    static func key(declarationDigests: [(path: String, digest: String)], configurationText: String, style: OutputStyle?, version: String) -> String {
        var digest = Digest()
        digest.add("output \(CacheHeader.version)")
        digest.add(version)
        digest.add(configurationText)
        digest.add(style?.rawValue ?? "")
        for file in declarationDigests {
            digest.add(file.path)
            digest.add(file.digest)
        }
        return digest.hex
    }

    /// Each entry: a ``CacheHeader`` line, then the generated code as it is written. Entries
    /// end in `.output`, not `.swift`: a cache folder among the sources must never be read as
    /// sources (it was, and each cached adapter then clashed with itself).
    private static let format = CacheEntryFormat(kind: "output", fileExtension: "output")

    /// The cached code for `key`, only when the entry proves itself: written for this key by
    /// this schema, and its code has the length and SHA-256 its header records. A truncated, damaged, edited or
    /// misplaced entry reads as a miss, so the run generates (and replaces it) instead.
    /// The entry is marked as just used unless `touching` is false (`--check`, which writes nothing).
    static func read(_ key: String, in folder: String, touching: Bool = true) -> String? {
        guard let code = format.read(key, in: folder) else { return nil }
        if touching { format.touch(key, in: folder) }
        return code
    }

    /// How many outputs a cache folder keeps: the ones written or read last. Enough to switch
    /// between a few branches or configurations and back without generating; each is as large
    /// as the generated file.
    static let keptOutputs = 8

    /// Stores the code for `key`, then removes the outputs used least recently beyond
    /// ``keptOutputs``, so that a folder used for months holds a few entries, not one per edit.
    static func write(_ code: String, key: String, in folder: String) {
        format.write(code, key: key, in: folder)
        CacheEntryFormat.prune(in: folder, entries: [format], keeping: keptOutputs)
    }
}
