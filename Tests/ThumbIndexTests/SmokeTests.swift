import Testing
@testable import ThumbIndex
@Test func builds() { #expect(Bool(true)) }
