// The page's live feed: one EventSource per page (when the server has a stream), a wake-up
// call for every event, and the visible "live / reconnecting" lamp. Polling with ETags
// (poller below) stays as the fallback and as a slow safety net while the stream is up.

export const LIVE_HEADERS = { 'X-Roadsvc-Live': '1' };

// Signed out (the session expired, or the key was revoked): to the login page, and back after.
// Not while the person is signing out: that navigation is under way already.
let leaving = false;
addEventListener('submit', (event) => { if (event.target.matches('form.logout')) leaving = true; });

export function toLogin() {
  if (!leaving) location.assign('/login?next=' + encodeURIComponent(location.pathname + location.search));
}

export function showState(lamp, state, mode) {
  if (!lamp) return;
  lamp.dataset.state = state;
  lamp.dataset.mode = mode;
  lamp.querySelector('.word').textContent = lamp.dataset['label' + cap(state)] || state;
  lamp.querySelector('.mode').textContent = lamp.dataset['label' + cap(mode)] || '';
}

function cap(word) { return word.charAt(0).toUpperCase() + word.slice(1); }

// The stream's event types (docs/events.md: every game's; tests/web/test_web_live_events.py checks the list);
// any of them may change what the page shows.
export const EVENT_TYPES = ['hand', 'void', 'correction', 'shoe_opened', 'cut_card', 'shoe_closed', 'betting_closed',
  'betting_cancelled', 'table_changed', 'resync', 'good_roads', 'alert', 'odds', 'hand_held', 'hand_flown',
  'charter_started', 'charter_ended', 'pit_note', 'key_revoked', 'page_sessions_ended', 'dealer_changed',
  'play_counted', 'account_linked',  // the advantage-play watch
  'round', 'round_refused', 'slip', 'late_slip', 'banker_queue', 'seats',  // 百人牛牛
  'dabang'];  // 打棒: every move, a match's start and end, a tournament's draw

// The client rules of docs/events.md (*Client rules*): a stream that was open and ends comes back after a random
// time up to the reconnect spread (10 s), so a floor of pages dropped together (an engine restarted) comes back
// spread out, not in one second; an attempt that fails waits between half and all of the back-off, 1 s doubling
// at each failed attempt in a row up to 30 s, reset once a stream opens. `failures`: attempts failed in a row
// before this one.
export const BACKOFF_FIRST = 1, BACKOFF_MAX = 30, RECONNECT_SPREAD = 10;
export function backoff(failures, random = Math.random) {
  return Math.min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** failures) * (0.5 + random() / 2);
}

// Opens the one EventSource; calls wake(type) on each event of `types`, state(ok) when it opens or fails.
// On any error the page closes its EventSource and opens a new one after the spread or the back-off: the
// browser's own reconnect would come back after the stream's `retry:` (2 s) with no jitter, every page of the
// floor at once after a restart, and it gives up for good on an answer that is not a stream (a 502 or 503 while
// the server restarts; a 403 or 410 from the push engine's signed URL, which a browser cannot tell apart). A new
// EventSource sends no Last-Event-ID: state(true) on open makes the page fetch its snapshots instead. (A page
// cannot see the keep-alive comments: its safety poll keeps it right if a stream goes quiet without ending.)
export function connectStream(url, wake, state, types = EVENT_TYPES) {
  if (!url || !('EventSource' in window)) return;
  let failures = 0;
  function open() {
    const source = new EventSource(url, { withCredentials: true });
    let opened = false;
    source.onopen = () => { failures = 0; opened = true; state(true); };
    source.onmessage = () => wake('message');
    for (const type of types) source.addEventListener(type, () => wake(type));
    source.onerror = () => {
      state(false);
      source.close();
      const wait = opened ? RECONNECT_SPREAD * Math.random() : backoff(failures++);
      setTimeout(open, wait * 1000);
    };
  }
  open();
}

// Calls refresh() now and then: every `seconds` without a stream, every `safety` seconds with
// one, and at each stream event of `wake` (null: every type); after failures it backs off (to 15 s
// at most). refresh() resolves true when it worked. onEvent(type), if given, hears each event's type
// before the refresh it wakes.
export function startLive({ lamp, eventsUrl, seconds, refresh, safety = 5 * seconds, onEvent = null, wake = null }) {
  let streaming = false, failures = 0, timer = null, running = false, again = false;
  const period = () => Math.min(15, (streaming ? safety : seconds) * 2 ** Math.min(failures, 4));
  const mode = () => (streaming ? 'stream' : 'polling');
  async function tick() {
    clearTimeout(timer);
    if (running) { again = true; return; }
    running = true;
    let ok = false;
    try { ok = await refresh(); } catch (error) { ok = false; }
    running = false;
    failures = ok ? 0 : failures + 1;
    showState(lamp, ok ? 'live' : 'reconnecting', mode());
    if (again) { again = false; return tick(); }
    timer = setTimeout(tick, period() * 1000);
  }
  connectStream(eventsUrl, (type) => { if (onEvent) onEvent(type); tick(); }, (open) => {
    streaming = open;
    if (open) tick(); else showState(lamp, 'reconnecting', 'polling');
  }, wake || EVENT_TYPES);
  showState(lamp, 'live', mode());
  timer = setTimeout(tick, period() * 1000);
  return tick;
}

// Counts down every [data-field="countdown"] under `root` to its data-deadline (an ISO time, the server's),
// written into its data-label at "{t}" as m:ss.
export function countdowns(root) {
  for (const node of root.querySelectorAll('[data-field="countdown"]')) {
    const left = Math.max(0, Math.round((Date.parse(node.dataset.deadline) - Date.now()) / 1000));
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    node.textContent = node.dataset.label.replace('{t}', text);
    node.dataset.secondsLeft = String(left);
  }
}
