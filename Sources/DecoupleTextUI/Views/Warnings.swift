import Foundation

// MARK: - Warnings

/// Writes a warning about a call that was refused to standard error, as UIKit logs one to the
/// console, so that a refused call is not silent.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("DecoupleTextUI warning: \(message)\n".utf8))
}

/// An object as the warnings name it: `<Label: 0x…>`.
func describe(_ object: AnyObject) -> String {
    "<\(type(of: object)): 0x\(String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16))>"
}
