import Decouple
import PluginModelsFixture

/// A recipe as the view's content, through the conformance the build plugin generates here for
/// a model of the target this one depends on.
public func content(of recipe: Recipe) -> any TitledContent { recipe }
