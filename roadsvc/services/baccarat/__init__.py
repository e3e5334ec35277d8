"""Baccarat's use cases: shoes, hands (held and flown too), slips and bets, integrity and odds, snapshots, summaries, images."""
