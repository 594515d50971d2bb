// Nothing to run: building this target builds `DecoupleMacros` and the macro plug-in in release
// mode, into this package's build folder, for `macro.compile_vs_handwritten` (run.sh).
import DecoupleMacros
