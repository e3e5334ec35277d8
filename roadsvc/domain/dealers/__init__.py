"""Dealers as people (issue 45): the statistics that say a dealer is out of line with the floor
(`statistics`), and the floor monitor's two rules about a dealer (`rules`: dealer_refusals, dealer_pace)."""
