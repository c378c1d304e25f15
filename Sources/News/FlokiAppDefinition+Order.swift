extension FlokiAppDefinition {
    /// The tabs' unique IDs, in order.
    public var tabIDs: [Int] { self.tabs.map(\.uniqueID) }

    /// The definition with its tabs in the order of `uniqueIDs`; nil unless that names every tab once.
    public func reordered(_ uniqueIDs: [Int]) -> Self? {
        guard uniqueIDs.count == self.tabs.count, Set(uniqueIDs) == Set(self.tabIDs) else { return nil }
        var reordered = self
        reordered.tabs = uniqueIDs.compactMap { id in self.tabs.first { $0.uniqueID == id } }
        return reordered
    }
}
