"""Baccarat: dealing and drawing, roads, bets and integrity (a game among peers; it imports no other game)."""
