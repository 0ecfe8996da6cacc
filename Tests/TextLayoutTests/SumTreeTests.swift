// The balanced sum tree that holds a prepared text's paragraphs, held to an array of the same elements under seeded random replacements.
import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// An element that counts itself and weighs `weight`, as a paragraph weighs its bytes.
private struct Weighed: SumTreeElement, Equatable {
    struct Sums: SumTreeSummary, Equatable {
        var elements = 0
        var weight = 0
        static let zero = Sums()
        static func + (a: Sums, b: Sums) -> Sums { Sums(elements: a.elements + b.elements, weight: a.weight + b.weight) }
    }

    var id: Int
    var weight: Int
    var summary: Sums { Sums(elements: 1, weight: weight) }
}

@Suite("Sum tree")
struct SumTreeTests {
    /// Every lookup of `tree` against the same lookup done by scanning `model`.
    private func expectMatches(_ tree: SumTree<Weighed>, _ model: [Weighed], _ context: String) {
        #expect(tree.count == model.count, "\(context)")
        #expect(Array(tree) == model, "\(context)")
        #expect(tree.isBalanced, "\(context)")
        #expect(tree.summary.weight == model.reduce(0) { $0 + $1.weight }, "\(context)")
        var before = 0
        for (index, element) in model.enumerated() {
            let found = tree.element(at: index)
            #expect(found.element == element && found.before.weight == before && found.before.elements == index, "\(context) index \(index)")
            before += element.weight
        }
        #expect(tree.summary(before: model.count).weight == before, "\(context)")
        // The first index whose running weight passes each bound, as a scan finds it.
        for bound in stride(from: -1, through: before + 1, by: max(1, before / 40)) {
            var running = 0
            let scanned = model.indices.first { running += model[$0].weight; return running > bound }
            let found = tree.firstIndex { $0.weight > bound }
            #expect(found?.index == scanned, "\(context) bound \(bound)")
            if let found, let scanned {
                #expect(found.before.weight == model[..<scanned].reduce(0) { $0 + $1.weight }, "\(context) bound \(bound)")
            }
        }
    }

    @Test("An empty tree has no elements, no weight, and no index where the weight passes a bound")
    func empty() {
        let tree = SumTree<Weighed>()
        #expect(tree.isEmpty && tree.count == 0 && tree.height == 0)
        #expect(tree.summary == .zero)
        #expect(tree.firstIndex { $0.weight >= 0 } == nil)
        #expect(Array(tree).isEmpty)
    }

    @Test("A tree built from elements holds them in order, balanced, with the sums a scan finds", arguments: [1, 2, 3, 7, 64, 1000])
    func built(_ count: Int) {
        let model = (0..<count).map { Weighed(id: $0, weight: $0 % 5) }
        expectMatches(SumTree(model), model, "built from \(count)")
    }

    @Test("Seeded random replacements keep the tree equal to an array given the same replacements, balanced, and copies unchanged")
    func randomReplacements() {
        for seed in UInt64(1)...8 {
            var random = SplitMix(seed: seed)
            var model = (0..<Int.random(in: 0..<50, using: &random)).map { Weighed(id: $0, weight: Int.random(in: 0..<4, using: &random)) }
            var tree = SumTree(model)
            var nextID = 1000
            for step in 0..<300 {
                let lower = Int.random(in: 0...model.count, using: &random)
                // Mostly small edits, as typing makes; now and then a large one.
                let removed = Int.random(in: 0...min(model.count - lower, step % 50 == 0 ? 40 : 3), using: &random)
                let added = (0..<Int.random(in: 0...(step % 37 == 0 ? 60 : 3), using: &random)).map { _ in
                    defer { nextID += 1 }
                    return Weighed(id: nextID, weight: Int.random(in: 0..<4, using: &random))
                }
                let (copy, copyModel) = (tree, model)
                tree.replaceSubrange(lower..<(lower + removed), with: added)
                model.replaceSubrange(lower..<(lower + removed), with: added)
                #expect(Array(copy) == copyModel, "seed \(seed) step \(step): a copy made before the replacement changed")
                if step % 25 == 0 || step == 299 {
                    expectMatches(tree, model, "seed \(seed) step \(step)")
                } else {
                    #expect(tree.isBalanced && Array(tree) == model, "seed \(seed) step \(step)")
                }
            }
        }
    }

    @Test("Replacing in a tree of 100,000 elements keeps it as high as a balanced tree is: at most 1.44 log2(n + 2)")
    func heightStaysLogarithmic() {
        var tree = SumTree((0..<100_000).map { Weighed(id: $0, weight: 1) })
        var random = SplitMix(seed: 42)
        var weight = 100_000
        for step in 0..<2000 {
            let lower = Int.random(in: 0..<tree.count, using: &random)
            weight += 3 - tree[lower].weight
            tree.replaceSubrange(lower..<(lower + 1), with: [Weighed(id: -step, weight: 2), Weighed(id: step, weight: 1)])
        }
        #expect(tree.count == 102_000)
        #expect(tree.summary.weight == weight)
        #expect(tree.isBalanced)
        #expect(Double(tree.height) <= 1.44 * (log2(Double(tree.count + 2))))
    }
}
