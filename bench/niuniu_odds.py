"""The 百人牛牛 odds endpoint's computation (roadsvc.domain.niuniu.odds), cold and warm, beside the
enumeration it rests on.

* cold: a fresh process's first report (importing the kept counts, the exact fractions of one
  commission): what the first `GET /tables/{id}/niuniu/odds` after a start costs;
* warm: a report for other settings once the counts are loaded (the service caches each settings');
* baseline: the exact enumeration itself (every rank multiset's type and the pairs of disjoint
  hands), which produced the kept counts and which the tests run again.

    .venv/bin/python bench/niuniu_odds.py
"""

from __future__ import annotations

import time


def ms(start: float) -> str:
    return f"{(time.perf_counter() - start) * 1000:9.1f} ms"


def main() -> None:
    start = time.perf_counter()
    from roadsvc.domain.niuniu import odds
    print(f"import roadsvc.domain.niuniu.odds             {ms(start)}")
    start = time.perf_counter()
    odds.odds_report(odds.table_multiples(), "0")
    print(f"cold report (kept counts, commission 0)       {ms(start)}")
    start = time.perf_counter()
    report = odds.odds_report(odds.table_multiples(), "5")
    print(f"warm report, commission 5                      {ms(start)}")
    start = time.perf_counter()
    odds.enumerate_deck()
    print(f"baseline: the exact enumeration of the deck    {ms(start)}")
    print(f"house edge at 5%: {report['house_edge']['of_stake']} of the stake")


if __name__ == "__main__":
    main()
