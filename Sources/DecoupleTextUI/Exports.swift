// Everything the text UI shows comes from the core (content protocols, observation, bindings),
// so importing the text UI kit imports the core too. No name here collides with one of the core's.
@_exported import Decouple
// As UIKit does: table code names `IndexPath` and `IndexSet` without importing Foundation itself.
@_exported import Foundation
