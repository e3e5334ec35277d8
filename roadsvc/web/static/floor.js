// /floor: keeps the tiles, the alert list and the totals current without reloading.
// Each refresh asks /floor/state (ETag: 304 while nothing moved), then fetches only the tiles
// whose version moved and, when the alerts moved, the alert list; both go in place.
import { LIVE_HEADERS, countdowns, startLive, toLogin } from './live.js';
import { order, parse, reconcile, swap } from './reconcile.js';

const config = JSON.parse(document.getElementById('live-config').textContent);
const tiles = document.getElementById('tiles');
const alertList = document.getElementById('alert-list');
const filters = document.querySelector('form.filters');
const SEVERITIES = ['info', 'warning', 'critical'];
let etag = null;

async function get(url, headers = {}) {
  const response = await fetch(url, { headers: { ...LIVE_HEADERS, ...headers }, cache: 'no-store', credentials: 'same-origin' });
  if (response.status === 401) { toLogin(); throw new Error('signed out'); }
  return response;
}

const tileOf = (id) => tiles.querySelector(`:scope > [data-table-id="${id}"]`);

const sortChoice = () => (filters.querySelector('select[name="sort"]') || { value: 'name' }).value;

async function refresh() {
  const response = await get(`${config.state}?sort=${encodeURIComponent(sortChoice())}`, etag ? { 'If-None-Match': etag } : {});
  if (response.status === 304) return true;
  if (!response.ok) return false;
  const state = await response.json();
  await updateTiles(state.tables);
  await updateAlerts(state.alerts);
  updateTotals(state.totals);
  updateMoney(state.totals.money);
  etag = response.headers.get('ETag');  // only once the page shows this state
  return true;
}

async function updateTiles(pairs) {
  const moved = pairs.filter(([id, version]) => { const tile = tileOf(id); return !tile || tile.dataset.version !== version; });
  for (let start = 0; start < moved.length; start += 50) {
    const ids = moved.slice(start, start + 50).map(([id]) => id).join(',');
    const response = await get(`${config.tiles}?ids=${ids}`);
    if (!response.ok) throw new Error(`tiles: ${response.status}`);
    for (const fresh of Array.from(parse(await response.text()).children)) {
      fresh.hidden = !matches(fresh);
      const old = tileOf(fresh.dataset.tableId);
      if (old) { keepFlash(old, fresh); swap(old, fresh); } else tiles.append(fresh);
    }
  }
  const wanted = new Set(pairs.map(([id]) => String(id)));
  for (const tile of Array.from(tiles.children)) if (!wanted.has(tile.dataset.tableId)) tile.remove();
  order(tiles, pairs.map(([id]) => tileOf(id)).filter(Boolean));
}

async function updateAlerts(version) {
  const list = alertList.querySelector('ol');
  if (list && list.dataset.version === version) return;
  const response = await get(config.alerts);
  if (!response.ok) throw new Error(`alerts: ${response.status}`);
  const fresh = parse(await response.text()).firstElementChild;
  if (!list) { alertList.replaceChildren(fresh); return; }
  reconcile(list, fresh, 'data-alert-id');
  list.dataset.version = fresh.dataset.version;
  announceNewCriticals();
}

// A new critical alert (or one whose severity rose to critical) flashes its table's tile and,
// when the pit boss turned the sound on (off by default, kept in this browser), beeps.
const sound = document.querySelector('[data-field="sound"]');
const SOUND_KEY = 'roadsvc.sound';
let knownCriticals = criticalIds();

function criticalIds() {
  return new Set(Array.from(alertList.querySelectorAll('[data-alert-id][data-severity="critical"]'), (item) => item.dataset.alertId));
}

function announceNewCriticals() {
  const now = criticalIds();
  const fresh = Array.from(now).filter((id) => !knownCriticals.has(id));
  knownCriticals = now;
  if (!fresh.length) return;
  for (const id of fresh) {
    const item = alertList.querySelector(`[data-alert-id="${id}"]`);
    const tile = item && tileOf(item.dataset.alertTable);
    for (const target of [item, tile]) if (target) flash(target);
  }
  if (sound && sound.checked) beep();
}

function flash(element) {
  element.classList.remove('new-critical');
  void element.offsetWidth;  // restart the animation
  flashing(element);
  element.dataset.flashed = String(Number(element.dataset.flashed || 0) + 1);
}

// Flashing until the animation ends (a tile put in place meanwhile goes on flashing: keepFlash).
function flashing(element) {
  element.classList.add('new-critical');
  element.addEventListener('animationend', () => element.classList.remove('new-critical'), { once: true });
}

function keepFlash(old, fresh) {
  if (old.classList.contains('new-critical')) flashing(fresh);
  if (old.dataset.flashed) fresh.dataset.flashed = old.dataset.flashed;
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch (error) { /* no audio on this device */ }
}

if (sound) {
  sound.checked = localStorage.getItem(SOUND_KEY) === 'on';
  sound.addEventListener('change', () => localStorage.setItem(SOUND_KEY, sound.checked ? 'on' : 'off'));
}

function updateTotals(totals) {
  const line = document.querySelector('[data-field="totals"]');
  if (!line || !totals) return;
  const unresolved = totals.unresolved_alerts;
  document.querySelector('[data-field="alert-count"]').textContent = SEVERITIES.reduce((sum, s) => sum + unresolved[s], 0);
  const critical = document.querySelector('[data-field="critical-count"]');
  critical.hidden = !unresolved.critical;
  critical.querySelector('b').textContent = unresolved.critical;
  line.querySelector('b').textContent = totals.tables;
  for (const badge of line.querySelectorAll('.status')) {
    const status = Array.from(badge.classList).find((name) => name in totals.by_status);
    badge.textContent = badge.textContent.replace(/\d+$/, totals.by_status[status]);
  }
}

function updateMoney(money) {
  if (!money) return;
  const format = (value) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (const [field, text] of [['floor-turnover', format(money.turnover)], ['floor-win', format(money.win)],
    ['floor-hold', money.hold === null ? '—' : `${(100 * money.hold).toFixed(2)}%`]]) {
    const node = document.querySelector(`[data-field="${field}"]`);
    if (node) node.textContent = text;
  }
}

// The filters: the same rule as the server's (roadsvc/web/floor.py, tile_shown).
function chosen() {
  const form = new FormData(filters);
  const sort = form.get('sort') && form.get('sort') !== 'name' ? form.get('sort') : '';
  return { q: (form.get('q') || '').trim(), game: form.get('game') || '', status: form.get('status') || '',
    severity: form.get('severity') || '', good: form.get('good') === '1', sort };
}

function matches(tile, wanted = chosen()) {
  const worst = SEVERITIES.indexOf(tile.dataset.worst);
  return (!wanted.status || tile.dataset.status === wanted.status)
    && (!wanted.severity || worst >= SEVERITIES.indexOf(wanted.severity))
    && (!wanted.good || tile.dataset.goodRoads === '1')
    && (!wanted.game || tile.dataset.game === wanted.game)
    && tile.dataset.name.toLocaleLowerCase().includes(wanted.q.toLocaleLowerCase());
}

function applyFilters() {
  const wanted = chosen();
  for (const tile of tiles.children) tile.hidden = !matches(tile, wanted);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(wanted)) if (value) query.set(name, value === true ? '1' : value);
  history.replaceState(null, '', query.toString() ? `?${query}` : location.pathname);
}

filters.addEventListener('change', (event) => {
  applyFilters();
  if (event.target.name === 'sort') { etag = null; tick(); }  // the server orders the tiles
});
filters.addEventListener('input', (event) => { if (event.target.name === 'q') applyFilters(); });  // as typed
filters.addEventListener('submit', (event) => { event.preventDefault(); applyFilters(); });
filters.querySelector('.apply').hidden = true;  // the filters apply as they change

// Acknowledge / resolve without leaving the page; the refresh then shows the new state.
const tick = startLive({ lamp: document.getElementById('live'), eventsUrl: config.events, seconds: config.poll,
  safety: config.poll * 5, refresh });

document.addEventListener('submit', async (event) => {
  const form = event.target.closest('form.note-form');
  if (!form) return;
  event.preventDefault();
  // The button's own formaction (acknowledge), else the form's (resolve). Not `submitter.formAction`: without
  // the attribute it reads as the page's own address, and Resolve posted to /floor (415).
  const action = (event.submitter && event.submitter.getAttribute('formaction')) || form.getAttribute('action');
  const response = await fetch(action, { method: 'POST', body: new FormData(form), headers: LIVE_HEADERS, credentials: 'same-origin' });
  const item = form.closest('[data-alert-id]');
  if (!response.ok) {
    const body = await response.json().catch(() => ({ message: String(response.status) }));
    let note = item.querySelector('.error');
    if (!note) { note = document.createElement('p'); note.className = 'error'; note.setAttribute('role', 'alert'); item.append(note); }
    note.textContent = body.message;
    return;
  }
  form.querySelector('input[name="note"]').value = '';
  tick();
});

// A held VIP hand's countdown to its automatic opening, a 打棒 match's clock (the deadlines are the server's;
// the cards never reach the page).
countdowns(tiles);
setInterval(() => countdowns(tiles), 1000);
