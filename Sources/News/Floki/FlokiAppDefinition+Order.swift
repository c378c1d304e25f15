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

    /// The definition with the tabs `uniqueIDs` names first, in that order, then the others in their
    /// own: an order kept over a generated app still fits it once the site gains or loses a tab.
    public func arranged(_ uniqueIDs: [Int]) -> Self {
        var named: [Int: Tab] = [:]
        for tab in self.tabs where uniqueIDs.contains(tab.uniqueID) { named[tab.uniqueID] = tab }
        var arranged = self
        arranged.tabs = uniqueIDs.compactMap { named.removeValue(forKey: $0) }
        arranged.tabs += self.tabs.filter { !uniqueIDs.contains($0.uniqueID) }
        return arranged
    }
}
