"""打棒 use cases: matches, deals and their moves, the road, tournaments (docs/dabang.md)."""
