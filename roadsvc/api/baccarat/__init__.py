"""Baccarat's API: shoes, hands, roads, images, bets, integrity, history, VIP tables, the hands' audit."""
