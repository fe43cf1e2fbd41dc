// The search: which query is shown, the cache of recent queries, one request in flight, opening
// a listing, fetching everything again after a write, and the search in the URL.
import { api, sectionsPath, queryKey, keyDialpad, queryParams, keypadTypes } from "./api.js";
import { PAGE, state, makeView, show, clearNodes, virtualTop, rowAt, scrollToVirtual } from "./render.js";
import { buildIndex } from "./sideindex.js";

const MAX_QUERIES = 24;
const $ = (id) => document.getElementById(id);
const search = $("search"), dialpadBox = $("dialpad"), countLine = $("count"), picker = $("listing");

let fullIndex = [];           // index titles of the unfiltered listing (the side index)
let queryController = null;   // aborts the fetch of a superseded query
const views = new Map();      // query key → view (pages cached), most recently used last

function remember(v) {
  views.delete(v.key); views.set(v.key, v);
  while (views.size > MAX_QUERIES) views.delete(views.keys().next().value);
}

// The URL holds the search: ?listing=NAME&q=QUERY, and &dialpad=1 when the dial pad is on, so
// that a reload, Back and a shared link show the same search. Typing rewrites it in place
// (replaceState: no history entry per keystroke), at most every 100 ms (Chromium ignores more
// than 200 history changes in 10 s, which a held key would reach); choosing another listing adds
// an entry.
let lastRecorded = -Infinity, recordTimer = 0;  // the first write is never deferred
export function recordSearch(push = false) {
  clearTimeout(recordTimer);
  const wait = lastRecorded + 100 - performance.now();
  if (!push && wait > 0) { recordTimer = setTimeout(recordSearch, wait); return; }
  lastRecorded = performance.now();
  const url = new URL(location.href), q = search.value.trim();
  url.search = "";
  if (state.listing !== null) url.searchParams.set("listing", state.listing);
  if (q !== "") url.searchParams.set("q", q);
  if (dialpadBox.checked) url.searchParams.set("dialpad", "1");
  if (url.href === location.href) return;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
}

// The search a URL holds: {listing (or null), q, dialpad}.
export function searchIn(url) {
  const params = new URL(url).searchParams;
  return { listing: params.get("listing"), q: params.get("q") || "", dialpad: params.get("dialpad") === "1" };
}

// A listing's label in the picker: its name and how many items it has.
export function optionLabel(l) { return `${l.name} (${l.items.toLocaleString()})`; }

// Every keystroke: show the cached view at once, or ask the server. One query request is in
// flight at a time (a server still filters a query whose fetch was aborted); keystrokes typed
// meanwhile coalesce into the latest query, sent when the answer arrives. Only the answer to the
// latest query is shown: no stale answer, no flicker of intermediate results.
// A query is identified by its key (text and dial pad); a dial-pad query a keypad cannot type is
// not sent: the count line says why.
let wantedQuery = null, inFlight = null;
export function setQuery(raw) {
  const q = raw.trim(), key = queryKey(q, dialpadBox.checked);
  recordSearch();
  if (keyDialpad(key) && !keypadTypes(q)) {
    wantedQuery = null;
    countLine.textContent = "The dial pad types digits only: turn “Dial pad” off to search for letters.";
    return;
  }
  wantedQuery = key;
  const cached = views.get(key);
  if (cached) { show(cached); return; }
  if (inFlight === null) sendQuery(key);
}

function sendQuery(key) {
  const started = state.epoch, q = key;
  inFlight = key;
  queryController = new AbortController();
  api(sectionsPath(state.listing), { ...queryParams(key), offset: 0, limit: PAGE }, queryController.signal).then((answer) => {
    if (started !== state.epoch) return;
    const v = makeView(q, answer);
    remember(v);
    if (q === wantedQuery) show(v);
  }, (error) => {
    if (error.name !== "AbortError" && q === wantedQuery) countLine.textContent = `Error: ${error.message}`;
  }).finally(() => {
    if (started !== state.epoch) return;
    inFlight = null;
    queryController = null;
    if (wantedQuery === null) return;
    if (wantedQuery !== q && !views.has(wantedQuery)) sendQuery(wantedQuery);
    else if (wantedQuery !== q && views.get(wantedQuery) !== state.view) show(views.get(wantedQuery));
  });
}

// Shows listing `name` (then the query in the search field); `push`: as a new history entry.
export async function open(name, push = false) {
  state.listing = name;
  recordSearch(push);
  state.epoch++;
  state.editing = null; state.selectedID = null;
  if (queryController) queryController.abort();
  queryController = null; inFlight = null; wantedQuery = queryKey("", false);
  views.clear();
  state.view = null;
  clearNodes();
  $("heading").textContent = name.charAt(0).toUpperCase() + name.slice(1);
  document.title = `${$("heading").textContent} — ThumbIndex`;
  const started = state.epoch;
  const answer = await api(sectionsPath(name), { q: "", offset: 0, limit: PAGE });
  if (started !== state.epoch) return;
  fullIndex = answer.indexTitles;
  buildIndex(fullIndex);
  const v = makeView(queryKey("", false), answer);
  remember(v);
  show(v);
  if (search.value.trim() !== "") setQuery(search.value);
}

// After a write: every cached answer is stale. Fetch the shown query again (the page at the
// scroll position first), keep the scroll position, and update the side index and the counts.
export async function refresh() {
  const view = state.view;
  if (!view) return;
  const started = ++state.epoch, key = view.key, q = view.q, y = virtualTop();
  for (const controller of view.pending.values()) controller.abort();
  view.pending.clear();
  if (queryController) queryController.abort();
  queryController = null; inFlight = null;
  const offset = Math.floor(rowAt(y) / PAGE) * PAGE;
  let answer, whole, catalog;
  try {
    [answer, whole, catalog] = await Promise.all([
      api(sectionsPath(state.listing), { ...queryParams(key), offset, limit: PAGE }),
      q === "" ? null : api(sectionsPath(state.listing), { q: "", offset: 0, limit: 0 }),
      api("/api/listings", {}),
    ]);
  } catch (error) {
    if (started === state.epoch) countLine.textContent = `Error: ${error.message}`;
    return;
  }
  if (started !== state.epoch) return;
  views.clear();
  const v = makeView(key, answer);
  remember(v);
  const titles = (whole || answer).indexTitles;
  if (titles.join("\n") !== fullIndex.join("\n")) { fullIndex = titles; buildIndex(fullIndex); }
  for (const l of catalog.listings) {
    const option = [...picker.options].find((o) => o.value === l.name);
    if (option) option.textContent = optionLabel(l);
  }
  clearNodes();
  show(v);
  scrollToVirtual(y);
  if (wantedQuery !== key) setQuery(search.value);
}
