// A page kept live: a table's page (/floor/tables/<id>, any game's, and a 打棒 match's /floor/dabang/matches/<m>)
// puts its main part in place again when the table's version on the floor moves, or when a pit note was written
// or the dealer changed (the floor's version names neither); a page of no one table (a 打棒 bracket, config.table absent) asks
// for its main part with its ETag (304 while nothing moved). Both wake on the stream's events (config.wake: only
// those types) and poll as the fallback. Not while a note is being typed (then at the next change after);
// counts the clocks down.
import { LIVE_HEADERS, countdowns, startLive, toLogin } from './live.js';
import { parse } from './reconcile.js';

const config = JSON.parse(document.getElementById('live-config').textContent);
const holder = document.getElementById('table-main');
let etag = null, seen = null, noted = false;

async function get(url, headers = {}) {
  const response = await fetch(url, { headers: { ...LIVE_HEADERS, ...headers }, cache: 'no-store' });
  if (response.status === 401) toLogin();
  return response;
}

// The main part, fresh from `response`, in place when its data-version moved.
async function put(response) {
  const fresh = parse(await response.text()).firstElementChild;
  const current = holder.firstElementChild;
  if (!current || current.dataset.version !== fresh.dataset.version) {
    holder.replaceChildren(fresh);
    countdowns(holder);
  }
}

async function refreshTable() {
  const asked = etag && !noted ? { 'If-None-Match': etag } : {};  // a note: the page, whatever the floor's tag
  const response = await get(config.state, asked);
  if (response.status === 304) return true;
  if (!response.ok) return false;
  const state = await response.json();
  const pair = state.tables.find(([id]) => id === config.table);
  const version = pair ? pair[1] + state.alerts : null;
  if (version === seen && !noted) { etag = response.headers.get('ETag'); return true; }
  if (holder.contains(document.activeElement)) return true;  // typing: put it in place later
  noted = false;
  const page = await get(config.page);
  if (!page.ok) return false;
  await put(page);
  seen = version;
  etag = response.headers.get('ETag');
  return true;
}

async function refreshPage() {
  if (holder.contains(document.activeElement)) return true;
  const response = await get(config.page, etag ? { 'If-None-Match': etag } : {});
  if (response.status === 304) return true;
  if (!response.ok) return false;
  await put(response);
  etag = response.headers.get('ETag');
  return true;
}

// A 百人牛牛 page's stakes of the round in play (config.stakes, issue 34): the section alone, put in place again
// at each slip or round event (a slip does not move the floor's version; a busy round takes many a second:
// one request at a time, one more after it when events came meanwhile).
const STAKES_EVENTS = new Set(['slip', 'round', 'resync']);
let stakesBusy = false, stakesAgain = false;

async function refreshStakes() {
  if (stakesBusy) { stakesAgain = true; return; }
  stakesBusy = true;
  try {
    const response = await get(config.stakes);
    const current = holder.querySelector('[data-field="stakes"]');
    if (response.ok && current) {
      const fresh = parse(await response.text()).firstElementChild;
      if (fresh && current.dataset.version !== fresh.dataset.version) {
        current.replaceWith(fresh);
        countdowns(holder);
      }
    }
  } catch (error) { /* the next event, or the page's own refresh, tries again */ }
  stakesBusy = false;
  if (stakesAgain) { stakesAgain = false; refreshStakes(); }
}

startLive({ lamp: document.getElementById('live'), eventsUrl: config.events, wake: config.wake, seconds: config.poll,
  safety: config.poll * 5, refresh: config.table === undefined ? refreshPage : refreshTable,
  onEvent: (type) => {
    if (type === 'pit_note' || type === 'dealer_changed') noted = true;  // the floor's version names neither
    if (config.stakes && STAKES_EVENTS.has(type)) refreshStakes();
  } });
countdowns(holder);
setInterval(() => countdowns(holder), 1000);
