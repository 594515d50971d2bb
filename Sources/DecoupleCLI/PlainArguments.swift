import DecoupleGenerator

// MARK: - Plain arguments

extension GenerateRequest {
    /// The request of `arguments` (those after the executable's name) when they are plain:
    /// `generate`, then paths and the long options each as its own argument followed by its
    /// value — `--config`, `--output`, `--style` (a known style) and `--cache` at most once,
    /// `--exclude` any number of times — and `--check` at most once, with `--output`; no path or
    /// value empty or starting with `-`, and no path `help`. `nil` for anything else, which
    /// ArgumentParser then reads, with its help, its spellings (`--config=file`) and its messages.
    ///
    /// Why a second reader: ArgumentParser's first parse in a process costs about 3 ms (it looks
    /// up conformances by name, each first look-up a scan of the binary's 11,000 conformance
    /// records, most of them swift-syntax's), a sixth of a run served from the cache, which a
    /// build plugin makes on every build. `PlainArgumentsTests` hold the two readers to the same
    /// request for every spelling this one accepts, and this one to declining the others.
    static func plain(_ arguments: [String]) -> GenerateRequest? {
        guard arguments.first == "generate" else { return nil }
        var request = GenerateRequest(paths: [], config: nil, output: nil, check: false, style: nil, cache: nil, exclude: [])
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard !argument.isEmpty else { return nil }
            if !argument.hasPrefix("-") {
                guard argument != "help" else { return nil }
                request.paths.append(argument)
                continue
            }
            if argument == "--check" {
                guard !request.check else { return nil }
                request.check = true
                continue
            }
            guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch argument {
            case "--config" where request.config == nil: request.config = value
            case "--output" where request.output == nil: request.output = value
            case "--cache" where request.cache == nil: request.cache = value
            case "--style" where request.style == nil:
                guard let style = OutputStyle(rawValue: value) else { return nil }
                request.style = style
            case "--exclude": request.exclude.append(value)
            default: return nil
            }
        }
        // What `Generate.validate()` refuses, ArgumentParser reports.
        guard !request.check || request.output != nil else { return nil }
        return request
    }
}
