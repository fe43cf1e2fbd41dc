"use strict";
// The list is virtual: #spacer is as tall as all headers and rows; only those in view (plus a
// margin) exist in the DOM, positioned absolutely. Rows come from the API in pages of PAGE,
// fetched as they come into view and cached per query. Browsers cap element heights (~33M px in
// Chrome, ~17M in Firefox), so a taller list is mapped onto MAX_HEIGHT px of scrolling.
const ROW = 44, HEADER = 28, PAGE = 100, OVERSCAN = 400, MAX_HEIGHT = 15_000_000, MAX_QUERIES = 24;
const $ = (id) => document.getElementById(id);
const search = $("search"), scroller = $("scroller"), spacer = $("spacer"), pinned = $("pinned");
const indexBar = $("index"), countLine = $("count"), empty = $("empty"), picker = $("listing");
const dialpadBox = $("dialpad");

let listing = null;           // name of the listing shown
let epoch = 0;                // bumped when the listing or its contents change: older answers are dropped
let writable = false;         // whether the server takes writes (GET /api/listings says)
let fullIndex = [];           // index titles of the unfiltered listing (the side index)
let view = null;              // the query shown: {key, q, dialpad, total, sections, tops, height, pages, pending}
let queryController = null;   // aborts the fetch of a superseded query
const views = new Map();      // query key → view (pages cached), most recently used last

// A query is its text and whether it is read as dial-pad keys, as one key: "1" or "0", then q.
const queryKey = (q, dialpad) => (dialpad && q !== "" ? "1" : "0") + q;   // "" is "" either way
const keyQuery = (key) => key.slice(1);
const keyDialpad = (key) => key[0] === "1";
// The API parameters of a query key (dialpad=1 only when it is on).
const queryParams = (key) => (keyDialpad(key) ? { q: keyQuery(key), dialpad: 1 } : { q: keyQuery(key) });
// What a phone keypad can type: digits, white space and + - ( ) . * # (the server refuses the rest).
const keypadTypes = (q) => /^[\p{Nd}\s+\-().*#]*$/u.test(q);
const nodes = new Map();      // "h<s>" / "r<k>" → DOM node currently shown

function api(path, params, signal) {
  const url = new URL(path, location.href);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return fetch(url, { signal }).then(async (response) => {
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  });
}

function sectionsPath() { return `/api/listings/${encodeURIComponent(listing)}/sections`; }

// A view of one query from its first answer: section geometry and the first page of rows.
function makeView(key, answer) {
  const tops = [];
  answer.sections.forEach((s, i) => tops.push(i * HEADER + s.offset * ROW));
  const v = { key, q: keyQuery(key), dialpad: keyDialpad(key), total: answer.total, sections: answer.sections, indexTitles: answer.indexTitles,
              tops, height: answer.sections.length * HEADER + answer.total * ROW,
              pages: new Map(), pending: new Map() };
  storePage(v, answer);
  return v;
}

// Files the items of an answer into its page: a section's first item is row max(section.offset, offset).
function storePage(v, answer) {
  const page = Math.floor(answer.offset / PAGE), rows = [];
  for (const s of answer.sections) {
    let k = Math.max(s.offset, answer.offset);
    for (const item of s.items) rows[k++ - answer.offset] = item;
  }
  v.pages.set(page, rows);
}

function remember(v) {
  views.delete(v.key); views.set(v.key, v);
  while (views.size > MAX_QUERIES) views.delete(views.keys().next().value);
}

// Every keystroke: show the cached view at once, or ask the server. One query request is in
// flight at a time (a server still filters a query whose fetch was aborted); keystrokes typed
// meanwhile coalesce into the latest query, sent when the answer arrives. Only the answer to the
// latest query is shown: no stale answer, no flicker of intermediate results.
// A query is identified by its key (text and dial pad); a dial-pad query a keypad cannot type is
// not sent: the count line says why.
let wantedQuery = null, inFlight = null;
function setQuery(raw) {
  const q = raw.trim(), key = queryKey(q, dialpadBox.checked);
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
  const started = epoch, q = key;
  inFlight = key;
  queryController = new AbortController();
  api(sectionsPath(), { ...queryParams(key), offset: 0, limit: PAGE }, queryController.signal).then((answer) => {
    if (started !== epoch) return;
    const v = makeView(q, answer);
    remember(v);
    if (q === wantedQuery) show(v);
  }, (error) => {
    if (error.name !== "AbortError" && q === wantedQuery) countLine.textContent = `Error: ${error.message}`;
  }).finally(() => {
    if (started !== epoch) return;
    inFlight = null;
    queryController = null;
    if (wantedQuery === null) return;
    if (wantedQuery !== q && !views.has(wantedQuery)) sendQuery(wantedQuery);
    else if (wantedQuery !== q && views.get(wantedQuery) !== view) show(views.get(wantedQuery));
  });
}

function show(v) {
  const changed = !view || view.key !== v.key;
  if (view && changed) for (const c of view.pending.values()) c.abort();
  if (view && changed) view.pending.clear();
  view = v;
  const searching = v.q !== "";
  countLine.textContent = searching
    ? (v.total === 1 ? "1 result" : `${v.total.toLocaleString()} results`)
    : `${v.total.toLocaleString()} ${v.total === 1 ? "item" : "items"}`;
  countLine.dataset.total = v.total;
  indexBar.hidden = searching || v.total === 0;
  empty.hidden = v.total > 0;
  empty.textContent = searching ? `No results for “${v.q}”` : "No items";
  spacer.style.height = Math.min(v.height, MAX_HEIGHT) + "px";
  indexBar.style.right = (scroller.offsetWidth - scroller.clientWidth) + "px";   // beside the scrollbar
  if (changed) {
    for (const node of nodes.values()) node.remove();
    nodes.clear();
    scroller.scrollTop = 0;
  }
  render();
}

// Scroll geometry: the virtual offset shown at the top of the viewport.
function scale() {
  const h = scroller.clientHeight, shown = Math.min(view.height, MAX_HEIGHT);
  return shown > h && view.height > MAX_HEIGHT ? (view.height - h) / (shown - h) : 1;
}
function virtualTop() { return scroller.scrollTop * scale(); }
function scrollToVirtual(y) {
  const h = scroller.clientHeight, max = Math.max(0, view.height - h);
  scroller.scrollTop = Math.min(y, max) / scale();
  render();
}

// The section whose header is at or above virtual offset y (binary search of the tops).
function sectionAt(y) {
  let lo = 0, hi = view.tops.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (view.tops[mid] <= y) lo = mid; else hi = mid - 1; }
  return lo;
}

function render() {
  if (!view) return;
  const top = virtualTop(), base = scroller.scrollTop - top;   // spacer y of virtual y is base + y
  const from = Math.max(0, top - OVERSCAN), to = top + scroller.clientHeight + OVERSCAN;
  const wanted = new Set(), neededPages = new Set();
  for (let s = view.sections.length ? sectionAt(from) : 0; s < view.sections.length && view.tops[s] < to; s++) {
    const section = view.sections[s], y0 = view.tops[s];
    if (y0 + HEADER > from) place("h" + s, y0 + base, () => headerNode(section));
    const first = Math.max(0, Math.floor((from - y0 - HEADER) / ROW));
    const last = Math.min(section.count - 1, Math.floor((to - y0 - HEADER) / ROW));
    for (let i = first; i <= last; i++) {
      const k = section.offset + i, page = Math.floor(k / PAGE);
      const item = view.pages.get(page)?.[k - page * PAGE];
      if (!item) neededPages.add(page);
      place("r" + k, y0 + HEADER + i * ROW + base, () => rowNode(k, item), item);
    }
  }
  for (const [key, node] of nodes) if (!wanted.has(key)) { node.remove(); nodes.delete(key); }
  fetchPages(neededPages);
  renderPinned(top);

  function place(key, y, make, item) {
    wanted.add(key);
    let node = nodes.get(key);
    if (node && key[0] === "r" && node.classList.contains("pending") && item) { node.remove(); node = null; }
    if (!node) { node = make(); nodes.set(key, node); spacer.appendChild(node); }
    node.style.transform = `translateY(${y}px)`;
  }
}

function headerNode(section) {
  const node = document.createElement("div");
  node.className = "section";
  node.dataset.section = section.title;
  node.textContent = section.title;
  return node;
}

// Appends `text` to `parent` with <mark> around the match ranges (UTF-16 offsets = JS string
// indices): the one way both an item's text and the columns where it matched are highlighted.
// Text goes in with createTextNode and textContent only: item texts are data, never markup.
function appendMarked(parent, text, matches) {
  const ranges = (matches || []).slice().sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start) continue;
    if (start > at) parent.appendChild(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end);
    parent.appendChild(mark);
    at = end;
  }
  if (at < text.length) parent.appendChild(document.createTextNode(text.slice(at)));
}

// A row: its text (in .name) with the match ranges marked; under it, when the query matched in
// other columns of the record (a phone number…), a small line naming each with its value marked
// (.columns, e.g. "phone: +34<mark>844</mark> 468 710"); on a writable server its actions (edit,
// delete), or the editor when it is being renamed.
function rowNode(k, item) {
  const node = document.createElement("div");
  node.className = "row";
  if (!item) { node.classList.add("pending"); node.textContent = "\u00a0"; return node; }
  node.dataset.row = k;
  node.dataset.id = item.id;
  if (writable && editing && editing.id === item.id) return editorNode(node);
  const name = document.createElement("span");
  name.className = "name";
  appendMarked(name, item.text, item.matches);
  node.appendChild(name);
  const columns = Object.entries(item.columnMatches || {});
  if (columns.length) {
    node.classList.add("with-columns");
    const line = document.createElement("span");
    line.className = "columns";
    for (const [column, match] of columns) {
      const part = document.createElement("span");
      part.className = "column";
      part.dataset.column = column;
      const label = document.createElement("span");
      label.className = "column-name";
      label.textContent = `${column}: `;
      part.appendChild(label);
      appendMarked(part, match.text, match.matches);
      line.appendChild(part);
    }
    node.appendChild(line);
  }
  if (writable) {
    if (item.id === selectedID) node.classList.add("selected");
    node.appendChild(actionsNode([["edit", "Edit"], ["delete", "Delete"]]));
  }
  return node;
}

// Buttons labelled by the stylesheet (so that a row's textContent stays its text) and aria-label.
function actionsNode(actions) {
  const box = document.createElement("div");
  box.className = "row-actions";
  for (const [kind, label] of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = kind;
    button.dataset.action = kind;
    button.setAttribute("aria-label", label);
    box.appendChild(button);
  }
  return box;
}

// The header of the section at the top stays pinned; the next header pushes it up.
function renderPinned(top) {
  if (!view.sections.length) { pinned.textContent = ""; return; }
  const s = sectionAt(top);
  if (pinned.textContent !== view.sections[s].title) pinned.textContent = view.sections[s].title;
  const next = s + 1 < view.tops.length ? view.tops[s + 1] - top : Infinity;
  pinned.style.transform = `translateY(${Math.min(0, next - HEADER)}px)`;
}

// Fetches the pages in view (not yet cached), and aborts fetches for pages scrolled past.
function fetchPages(needed) {
  const v = view;
  for (const [page, controller] of v.pending) if (!needed.has(page)) { controller.abort(); v.pending.delete(page); }
  for (const page of needed) {
    if (v.pending.has(page) || v.pages.has(page)) continue;
    const controller = new AbortController();
    v.pending.set(page, controller);
    api(sectionsPath(), { ...queryParams(v.key), offset: page * PAGE, limit: PAGE }, controller.signal).then((answer) => {
      v.pending.delete(page);
      storePage(v, answer);
      if (v.pages.size > 400) v.pages.delete(v.pages.keys().next().value);
      if (view === v) render();
    }, (error) => {
      v.pending.delete(page);
      if (error.name !== "AbortError") countLine.textContent = `Error: ${error.message}`;
    });
  }
}

// The side index: the magnifier (focuses the search field), then the letters; tap or drag.
function buildIndex(titles) {
  indexBar.replaceChildren();
  titles.forEach((title, position) => {
    const entry = document.createElement("div");
    entry.dataset.indexTitle = title;
    entry.dataset.position = position;
    if (title === "{search}") {
      // The search field’s magnifier, cloned: no markup from strings (Trusted Types, which the
      // CSP requires, would refuse a string of it).
      const icon = document.querySelector(".field svg").cloneNode(true);
      icon.removeAttribute("aria-hidden");
      icon.setAttribute("aria-label", "Search");
      entry.appendChild(icon);
    } else {
      entry.textContent = title;
    }
    indexBar.appendChild(entry);
  });
  fitIndex();
}

function fitIndex() {
  indexBar.style.right = (scroller.offsetWidth - scroller.clientWidth) + "px";   // beside the scrollbar
  const n = indexBar.children.length;
  if (!n) return;
  const each = Math.max(6, Math.min(16, (indexBar.clientHeight - 12) / n));
  for (const entry of indexBar.children) {
    entry.style.fontSize = Math.min(11, each * 0.8) + "px";
    entry.style.height = each + "px";
  }
}

function jumpToIndex(position) {
  if (position === 0) { search.focus(); if (view) scrollToVirtual(0); return; }
  if (!view || view.q !== "" || !view.sections.length) return;
  // The section titled at this position, or (an empty letter) the first one after it.
  let s = view.sections.findIndex((section) => section.index >= position);
  if (s < 0) s = view.sections.length - 1;
  scrollToVirtual(view.tops[s]);
}

let dragging = false, lastPosition = -1;
function indexAt(event) {
  const rect = indexBar.getBoundingClientRect();
  const target = document.elementFromPoint(rect.left + rect.width / 2, event.clientY);
  const entry = target && target.closest("[data-position]");
  if (entry) return Number(entry.dataset.position);
  const children = indexBar.children;
  if (!children.length) return -1;
  return event.clientY < children[0].getBoundingClientRect().top ? 0 : children.length - 1;
}
function onIndexPointer(event) {
  const position = indexAt(event);
  if (position >= 0 && position !== lastPosition) { lastPosition = position; jumpToIndex(position); }
}
indexBar.addEventListener("pointerdown", (event) => {
  event.preventDefault();
  dragging = true; lastPosition = -1;
  indexBar.setPointerCapture?.(event.pointerId);
  onIndexPointer(event);
});
indexBar.addEventListener("pointermove", (event) => { if (dragging) onIndexPointer(event); });
const endDrag = () => { dragging = false; };
indexBar.addEventListener("pointerup", endDrag);
indexBar.addEventListener("pointercancel", endDrag);

search.addEventListener("input", () => setQuery(search.value));
// The dial pad: the query is read as keys typed on a phone keypad, and touch screens show one.
function setDialpad(on) {
  if (on) search.setAttribute("inputmode", "tel"); else search.removeAttribute("inputmode");
  search.placeholder = on ? "Dial pad: 5646 finds John" : "Search";
}
dialpadBox.addEventListener("change", () => {
  setDialpad(dialpadBox.checked);
  if (listing !== null) setQuery(search.value);
  search.focus();
});
search.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { search.value = ""; setQuery(""); }
});
let frame = 0;
scroller.addEventListener("scroll", () => {
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); });
}, { passive: true });
window.addEventListener("resize", () => { fitIndex(); render(); });

async function open(name) {
  listing = name;
  epoch++;
  editing = null; selectedID = null;
  if (queryController) queryController.abort();
  queryController = null; inFlight = null; wantedQuery = queryKey("", false);
  views.clear();
  view = null;
  for (const node of nodes.values()) node.remove();
  nodes.clear();
  $("heading").textContent = name.charAt(0).toUpperCase() + name.slice(1);
  document.title = `${$("heading").textContent} — ThumbIndex`;
  const started = epoch;
  const answer = await api(sectionsPath(), { q: "", offset: 0, limit: PAGE });
  if (started !== epoch) return;
  fullIndex = answer.indexTitles;
  buildIndex(fullIndex);
  const v = makeView(queryKey("", false), answer);
  remember(v);
  show(v);
  if (search.value.trim() !== "") setQuery(search.value);
}

// ---- Writes: add, rename, delete (a writable server only) ----
//
// Writes carry the server's token, asked for the first time one is needed and kept in
// sessionStorage (this tab, until it closes or "Forget token"). A 401 forgets it and asks again,
// then retries the write; a 403 (the server takes no writes) shows the server's message. Errors
// are shown as text in #write-status, never as markup. After a write the view is fetched again:
// the same query, at the same scroll position.
const TOKEN_KEY = "thumbindex.token";
const addToggle = $("add-toggle"), addForm = $("add-form"), forgetButton = $("forget-token");
const tokenForm = $("token-form"), tokenField = $("token"), writeStatus = $("write-status");
let editing = null;        // the row being renamed: {id, draft}
let selectedID = null;     // the row whose actions are shown (touch screens have no hover)
let waitingWrite = null;   // the write that waits for the token form

function storedToken() {
  try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; }
}

function setStatus(message, done = false) {
  writeStatus.textContent = message;
  writeStatus.classList.toggle("done", done);
  writeStatus.hidden = message === "";
}

function optionLabel(l) { return `${l.name} (${l.items.toLocaleString()})`; }

function itemsPath(id) {
  const base = `/api/listings/${encodeURIComponent(listing)}/items`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

// Sends a write {method, path, body, done}: asks for the token first when there is none; on
// success calls done(answer) and refreshes the view. Returns whether it was sent and succeeded.
async function perform(write) {
  const token = storedToken();
  if (!token) { askForToken(write, "Changes need the server’s token."); return false; }
  const headers = { Authorization: `Bearer ${token}` };
  if (write.body !== undefined) headers["Content-Type"] = "application/json";
  let response, answer = null;
  try {
    response = await fetch(write.path, {
      method: write.method, headers, cache: "no-store",
      body: write.body === undefined ? undefined : JSON.stringify(write.body),
    });
    if (response.status !== 204) answer = await response.json().catch(() => null);
  } catch (error) {
    setStatus(`The server could not be reached: ${error.message}`);
    return false;
  }
  const message = (answer && typeof answer.error === "string") ? answer.error : `${response.status} ${response.statusText}`;
  if (response.status === 401) {
    forgetToken();
    askForToken(write, "The server did not accept the token; enter it again.");
    return false;
  }
  if (!response.ok) {
    setStatus(response.status === 403 ? `The server takes no changes: ${message}` : `Not saved: ${message}`);
    return false;
  }
  setStatus(write.done(answer), true);
  await refresh();
  return true;
}

function askForToken(write, prompt) {
  waitingWrite = write;
  $("token-prompt").textContent = prompt;
  tokenForm.hidden = false;
  tokenField.value = "";
  tokenField.focus();
}

function forgetToken() {
  try { sessionStorage.removeItem(TOKEN_KEY); } catch { /* storage disabled: nothing kept */ }
  forgetButton.hidden = true;
}

tokenForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const token = tokenField.value.trim();
  if (!token) return;
  try { sessionStorage.setItem(TOKEN_KEY, token); } catch {
    setStatus("This browser keeps no session storage, so the token cannot be kept.");
    return;
  }
  tokenField.value = "";
  tokenForm.hidden = true;
  forgetButton.hidden = false;
  const write = waitingWrite;
  waitingWrite = null;
  if (write) perform(write);
});
$("token-cancel").addEventListener("click", () => {
  tokenForm.hidden = true;
  tokenField.value = "";
  waitingWrite = null;
});
forgetButton.addEventListener("click", () => { forgetToken(); setStatus("The token is forgotten.", true); });

// Add: text, optional reading, favorite (pinned).
function showAddForm(shown) {
  addForm.hidden = !shown;
  addToggle.setAttribute("aria-expanded", String(shown));
  if (shown) $("add-text").focus();
}
addToggle.addEventListener("click", () => showAddForm(addForm.hidden));
$("add-cancel").addEventListener("click", () => { addForm.reset(); showAddForm(false); });
addForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("add-text").value.trim(), reading = $("add-reading").value.trim();
  if (!text) { setStatus("Give a name to add."); return; }
  const item = { text };
  if (reading) item.reading = reading;
  if ($("add-pinned").checked) item.pinned = true;
  const submit = $("add-submit");
  submit.disabled = true;
  try {
    await perform({ method: "POST", path: itemsPath(), body: { items: [item] }, done: () => {
      addForm.reset();
      $("add-text").focus();
      return `Added “${text}”.`;
    } });
  } finally {
    submit.disabled = false;
  }
});

// Rename (inline) and delete (after a confirmation), from the buttons of a row.
function editorNode(node) {
  node.classList.add("editing");
  const field = document.createElement("input");
  field.value = editing.draft;
  field.setAttribute("aria-label", "New text");
  field.spellcheck = false;
  field.addEventListener("input", () => { if (editing) editing.draft = field.value; });
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); saveEdit(); }
    if (event.key === "Escape") { event.preventDefault(); stopEditing(); }
  });
  node.appendChild(field);
  node.appendChild(actionsNode([["save", "Save"], ["cancel", "Cancel"]]));
  requestAnimationFrame(() => { if (field.isConnected && document.activeElement !== field) field.focus(); });
  return node;
}

function rerenderRow(id) {
  for (const [key, node] of nodes) if (node.dataset.id === id) { node.remove(); nodes.delete(key); }
  render();
}

function stopEditing() {
  const id = editing && editing.id;
  editing = null;
  if (id !== null) rerenderRow(id);
}

async function saveEdit() {
  if (!editing || editing.saving) return;
  const { id, draft, text } = editing;
  const newText = draft.trim();
  if (newText === text) { stopEditing(); return; }
  if (!newText) { setStatus("The text cannot be empty."); return; }
  editing.saving = true;
  const saved = await perform({ method: "PATCH", path: itemsPath(id), body: { text: newText }, done: () => {
    editing = null;
    return `Renamed “${text}” to “${newText}”.`;
  } });
  if (!saved && editing) editing.saving = false;
}

spacer.addEventListener("click", (event) => {
  const row = event.target.closest(".row[data-id]");
  if (!row || !writable) return;
  const id = row.dataset.id, k = Number(row.dataset.row);
  const page = view && view.pages.get(Math.floor(k / PAGE));
  const item = page && page[k % PAGE];
  const action = event.target.closest("[data-action]")?.dataset.action;
  if (action === "edit" && item) {
    if (editing) stopEditing();
    editing = { id, draft: item.text, text: item.text };
    rerenderRow(id);
  } else if (action === "save") {
    saveEdit();
  } else if (action === "cancel") {
    stopEditing();
  } else if (action === "delete" && item) {
    if (!confirm(`Delete “${item.text}”?`)) return;
    perform({ method: "DELETE", path: itemsPath(id), done: () => `Deleted “${item.text}”.` });
  } else if (!action && !row.classList.contains("editing")) {
    selectedID = id;
    for (const node of nodes.values()) node.classList.toggle("selected", node.dataset.id === id);
  }
});

// The row index at virtual offset y of the view.
function rowAt(y) {
  if (!view.sections.length) return 0;
  const s = sectionAt(y);
  return view.sections[s].offset + Math.max(0, Math.floor((y - view.tops[s] - HEADER) / ROW));
}

// After a write: every cached answer is stale. Fetch the shown query again (the page at the
// scroll position first), keep the scroll position, and update the side index and the counts.
async function refresh() {
  if (!view) return;
  const started = ++epoch, key = view.key, q = view.q, y = virtualTop();
  for (const controller of view.pending.values()) controller.abort();
  view.pending.clear();
  if (queryController) queryController.abort();
  queryController = null; inFlight = null;
  const offset = Math.floor(rowAt(y) / PAGE) * PAGE;
  let answer, whole, catalog;
  try {
    [answer, whole, catalog] = await Promise.all([
      api(sectionsPath(), { ...queryParams(key), offset, limit: PAGE }),
      q === "" ? null : api(sectionsPath(), { q: "", offset: 0, limit: 0 }),
      api("/api/listings", {}),
    ]);
  } catch (error) {
    if (started === epoch) countLine.textContent = `Error: ${error.message}`;
    return;
  }
  if (started !== epoch) return;
  views.clear();
  const v = makeView(key, answer);
  remember(v);
  const titles = (whole || answer).indexTitles;
  if (titles.join("\n") !== fullIndex.join("\n")) { fullIndex = titles; buildIndex(fullIndex); }
  for (const l of catalog.listings) {
    const option = [...picker.options].find((o) => o.value === l.name);
    if (option) option.textContent = optionLabel(l);
  }
  for (const node of nodes.values()) node.remove();
  nodes.clear();
  show(v);
  scrollToVirtual(y);
  if (wantedQuery !== key) setQuery(search.value);
}

async function start() {
  try {
    const { listings, writable: canWrite } = await api("/api/listings", {});
    writable = canWrite === true;
    addToggle.hidden = !writable;
    forgetButton.hidden = !writable || !storedToken();
    if (!listings.length) { countLine.textContent = "No listings are served."; return; }
    const wanted = new URLSearchParams(location.search).get("listing");
    for (const l of listings) picker.add(new Option(optionLabel(l), l.name));
    picker.hidden = listings.length < 2;
    picker.addEventListener("change", () => open(picker.value));
    const first = listings.find((l) => l.name === wanted) || listings[0];
    picker.value = first.name;
    await open(first.name);
    document.body.dataset.ready = "true";
  } catch (error) {
    countLine.textContent = `Error: ${error.message}`;
  }
}
start();
