"""The rendered-image cache: bounded in bytes, least recently used out first."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from roadsvc.services.caches import LRU


def test_the_least_recently_used_image_goes_first_when_the_budget_is_exceeded():
    cache = LRU(10, cost=len)
    cache.put("a", b"aaaa")
    cache.put("b", b"bbbb")
    assert cache.get("a") == b"aaaa"  # a is now the most recently used
    cache.put("c", b"cccc")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"aaaa", None, b"cccc")
    assert cache.used == 8


def test_an_image_larger_than_the_whole_budget_is_not_kept_and_evicts_nothing():
    cache = LRU(10, cost=len)
    cache.put("a", b"aaaa")
    cache.put("huge", b"x" * 11)
    assert (cache.get("huge"), cache.get("a")) == (None, b"aaaa")


def test_replacing_a_key_counts_its_new_size_once():
    cache = LRU(10, cost=len)
    cache.put("a", b"aaaa")
    cache.put("a", b"aaaaaaaa")
    assert (cache.used, len(cache), cache.get("a")) == (8, 1, b"aaaaaaaa")


@given(st.integers(0, 64), st.lists(st.tuples(st.integers(0, 8), st.binary(max_size=40)), max_size=60))
def test_the_cache_never_holds_more_than_its_budget_and_keeps_the_newest_fitting_value(budget, puts):
    cache = LRU(budget, cost=len)
    for key, value in puts:
        cache.put(key, value)
        assert cache.used == sum(len(v) for v in cache._items.values()) <= budget
        if len(value) <= budget:
            assert cache.get(key) == value
