"""Shoe integrity: the cards left in the shoe and the next hand's exact odds of every bet.

* `composition`: the full shoe less every card seen (burn card shown, cards played).
* `engine`: `engine_for(rules).evaluate(composition)` -> NextHandOdds (counts and exact EV
  per bet, numpy, about a millisecond for `extended`).
* `advantage`: which open bets are at or above an EV threshold (the `positive_ev` alert's
  rule) and the `advantage` refusal that closes them when a table asks to.
* `series`: the EV of every bet before each hand of a shoe.
"""
