// A table's page (/floor/tables/<id>, any game's, and a 打棒 match's /floor/dabang/matches/<m>): puts its main
// part in place again when the table's version moves, or when a pit note was written (the floor's version
// does not name notes), except while a note is being typed (then at the next change after); counts its
// clocks down.
import { LIVE_HEADERS, countdowns, startLive, toLogin } from './live.js';
import { parse } from './reconcile.js';

const config = JSON.parse(document.getElementById('live-config').textContent);
const holder = document.getElementById('table-main');
let etag = null, seen = null, noted = false;

async function refresh() {
  const asked = etag && !noted ? { 'If-None-Match': etag } : {};  // a note: the page, whatever the floor's tag
  const response = await fetch(config.state, { headers: { ...LIVE_HEADERS, ...asked }, cache: 'no-store' });
  if (response.status === 401) { toLogin(); return false; }
  if (response.status === 304) return true;
  if (!response.ok) return false;
  const state = await response.json();
  const pair = state.tables.find(([id]) => id === config.table);
  const version = pair ? pair[1] + state.alerts : null;
  if (version === seen && !noted) { etag = response.headers.get('ETag'); return true; }
  if (holder.contains(document.activeElement)) return true;  // typing: put it in place later
  noted = false;
  const page = await fetch(config.page, { headers: LIVE_HEADERS, cache: 'no-store' });
  if (!page.ok) return false;
  const fresh = parse(await page.text()).firstElementChild;
  const current = holder.firstElementChild;
  if (!current || current.dataset.version !== fresh.dataset.version) {
    holder.replaceChildren(fresh);
    countdowns(holder);
  }
  seen = version;
  etag = response.headers.get('ETag');
  return true;
}

startLive({ lamp: document.getElementById('live'), eventsUrl: config.events, seconds: config.poll, safety: config.poll * 5, refresh,
  onEvent: (type) => { if (type === 'pit_note') noted = true; } });
countdowns(holder);
setInterval(() => countdowns(holder), 1000);
