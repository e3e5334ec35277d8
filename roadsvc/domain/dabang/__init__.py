"""打棒 (Da Bang): the rules (`order`, `draw`, `declaring`, `bottom`, `tricks`, `scoring`) apart from the
phases of a deal (`declaring_phase`, `bottom_phase`, `play_phase`), each a type allowing only its own moves,
the `match` and the knockout `tournament`. Every state is immutable: a refused move changes nothing."""
