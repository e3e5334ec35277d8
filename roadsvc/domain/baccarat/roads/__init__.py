"""The roads: bead plate, big road, derived roads, ask road, good roads, statistics, snapshot."""
