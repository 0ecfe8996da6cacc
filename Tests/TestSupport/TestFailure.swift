// The error a test throws when what it reads is not what it needs: a missing key in an answer, a missing file, no built command.

/// A test's precondition that did not hold, with what was missing.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
