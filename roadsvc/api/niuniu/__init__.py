"""百人牛牛's API blueprints: rounds, slips and settlement, the trend road, the banker queue and seats."""

from roadsvc.api.niuniu import banker_seats, odds, rounds, slips, stakes, trend

BLUEPRINTS = [rounds.blp, slips.blp, trend.blp, banker_seats.blp, odds.blp, stakes.blp]
