"""Baccarat's money: the shared amounts (roadsvc.domain.amounts), under the name its bets import."""

from roadsvc.domain.amounts import CENT, charge, to_decimal, to_money, to_ratio, to_stake, winnings

__all__ = ["CENT", "charge", "to_decimal", "to_money", "to_ratio", "to_stake", "winnings"]
