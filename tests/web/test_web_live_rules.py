"""The client rules of docs/events.md (*Client rules*) as the pages' live.js follows them, in headless Chromium
with a stand-in EventSource and the page's timers recorded (no waiting): a failed stream is closed (never left
to the browser's own 2 s retry) and opened again after a back-off between half and all of 1 s, doubling at each
failed attempt up to 30 s, reset once a stream opens; a stream that was open and ends comes back after a random
time up to the reconnect spread (10 s); the page is told when the stream is down and up again (it then fetches
its snapshots: a new EventSource sends no Last-Event-ID)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DRIVE = """
async (randomness) => {
  const live = await import('/floor/static/live.js');
  const made = [], delays = [], due = [], states = [];
  class StandIn {
    constructor(url) { this.url = url; this.closed = false; made.push(this); }
    addEventListener() {}
    close() { this.closed = true; }
  }
  window.EventSource = StandIn;
  window.setTimeout = (fn, ms) => { delays.push(ms); due.push(fn); return due.length; };
  Math.random = () => randomness;
  live.connectStream('/api/v1/events', () => {}, (open) => states.push(open));
  const fail = () => { made[made.length - 1].onerror(); due.shift()(); };
  for (let i = 0; i < 7; i++) fail();              // seven attempts failed in a row
  made[made.length - 1].onopen();                  // then one opens...
  fail();                                          // ...and drops: back within the spread
  fail();                                          // that attempt fails: the back-off starts again
  return { delays, closed: made.map((source) => source.closed), urls: made.map((source) => source.url), states };
}
"""


@pytest.mark.parametrize("randomness, share", [(1.0, 1.0), (0.0, 0.5)])
def test_a_failed_stream_is_reopened_after_a_back_off_with_jitter(floor_server, browser_page, randomness, share):
    browser_page.goto(floor_server.url + "/login")
    found = browser_page.evaluate(DRIVE, randomness)
    seconds = [1, 2, 4, 8, 16, 30, 30]  # doubling to 30 s
    assert found["delays"][:7] == [1000 * share * s for s in seconds]
    assert found["delays"][7] == 10_000 * randomness  # an open stream that ended: anywhere in the spread
    assert found["delays"][8] == 1000 * share  # the back-off reset once a stream opened
    assert found["closed"] == [True] * 9 + [False]  # each failed EventSource closed; the tenth is open
    assert set(found["urls"]) == {"/api/v1/events"}  # always the roadsvc URL, never an engine URL kept
    assert found["states"] == [False] * 7 + [True, False, False]


def test_the_back_off_is_the_documented_one(floor_server, browser_page):
    browser_page.goto(floor_server.url + "/login")
    found = browser_page.evaluate("""async () => {
      const live = await import('/floor/static/live.js');
      return [0, 1, 5, 6, 20].map((failures) => [live.backoff(failures, () => 0), live.backoff(failures, () => 1)]);
    }""")
    assert found == [[0.5, 1], [1, 2], [15, 30], [15, 30], [15, 30]]
