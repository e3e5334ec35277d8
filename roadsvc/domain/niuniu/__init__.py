"""百人牛牛 (Hundred-player Niu Niu), the pure rules (spec: shared/spec/niuniu.md).

* `hands`: points, the hand types and multiples, the best type with wild jokers, comparison;
* `dealing`: positions, the reveal card and first receiver, posting by dealing order or position;
* `rounds`: phases, the opening order, results, and what a reader may see (`hand_view`);
* `settlement`: stakes won or lost, commission, cover and limit checks, correction differences;
* `trend`: the trend road (走势) and its statistics;
* `banker_queue`, `seats`, `conditions`: 上庄/下庄, the super grab, seats and their conditions.
"""
