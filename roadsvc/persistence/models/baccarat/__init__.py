"""Baccarat's tables: shoes and hands (shoes.py), bets (bets.py), VIP and squeeze tables (vip.py).

Imported, in their order, by roadsvc.persistence.models, which re-exports every name."""
