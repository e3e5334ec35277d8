"""Pure-Python baccarat domain: cards, hands, shoes, roads, good roads, bets.

Nothing here imports Flask, SQLAlchemy, marshmallow, Pillow or APScheduler
(an import-linter contract in pyproject.toml holds that).
"""
