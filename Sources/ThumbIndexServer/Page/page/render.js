// Rendering: the virtual list of section headers and rows, a row's highlights and its line per
// matched column, the pinned header, and the state the page's modules share.
//
// The list is virtual: #spacer is as tall as all headers and rows; only those in view (plus a
// margin) exist in the DOM, positioned absolutely. Rows come from the API in pages of PAGE,
// fetched as they come into view and cached per query. Browsers cap element heights (~33M px in
// Chrome, ~17M in Firefox), so a taller list is mapped onto MAX_HEIGHT px of scrolling.
import { api, sectionsPath, queryParams, keyQuery, keyDialpad } from "./api.js";

export const ROW = 44, HEADER = 28, PAGE = 100;
const OVERSCAN = 400, MAX_HEIGHT = 15_000_000;
const $ = (id) => document.getElementById(id);
const scroller = $("scroller"), spacer = $("spacer"), pinned = $("pinned");
const indexBar = $("index"), countLine = $("count"), empty = $("empty");

// What the modules share.
export const state = {
  listing: null,      // name of the listing shown
  epoch: 0,           // bumped when the listing or its contents change: older answers are dropped
  writable: false,    // whether the server takes writes (GET /api/listings says)
  view: null,         // the query shown: {key, q, dialpad, total, sections, tops, height, pages, pending}
  editing: null,      // the row being renamed: {id, k, draft, text}
  selectedID: null,   // the row whose actions are shown (touch screens have no hover)
  current: null,      // the row that is the list's Tab stop: {key, k} (the view's key, the row); else the first in view
};
const nodes = new Map();      // "h<s>" / "r<k>" → DOM node currently shown

// Builds the editor of the row being renamed (writes.js sets it; a read-only page has none).
let editorNode = (node) => node;
export function setEditorNode(make) { editorNode = make; }

// A view of one query from its first answer: section geometry and the first page of rows.
export function makeView(key, answer) {
  const tops = [];
  answer.sections.forEach((s, i) => tops.push(i * HEADER + s.offset * ROW));
  // approximate: absent for exact matches; 1 or 2 when nothing matched exactly and these are close matches.
  const v = { key, q: keyQuery(key), dialpad: keyDialpad(key), total: answer.total, approximate: answer.approximate || 0,
              sections: answer.sections, indexTitles: answer.indexTitles,
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

// The item of row k of the view, when its page is cached.
export function itemAt(v, k) {
  const page = v && v.pages.get(Math.floor(k / PAGE));
  return page && page[k % PAGE];
}

// Removes every row and header from the DOM (render() makes those in view again).
export function clearNodes() {
  for (const node of nodes.values()) node.remove();
  nodes.clear();
}

export function show(v) {
  const view = state.view;
  const changed = !view || view.key !== v.key;
  if (view && changed) for (const c of view.pending.values()) c.abort();
  if (view && changed) view.pending.clear();
  state.view = v;
  const searching = v.q !== "";
  const results = v.total === 1 ? "1 result" : `${v.total.toLocaleString()} results`;
  countLine.textContent = !searching ? `${v.total.toLocaleString()} ${v.total === 1 ? "item" : "items"}`
    : v.approximate ? `No exact matches; showing close matches (${results}, within ${v.approximate} ${v.approximate === 1 ? "typo" : "typos"})`
    : results;
  countLine.dataset.total = v.total;
  countLine.classList.toggle("approximate", v.approximate > 0);
  if (v.approximate) countLine.dataset.approximate = v.approximate; else delete countLine.dataset.approximate;
  indexBar.hidden = searching || v.total === 0;
  empty.hidden = v.total > 0;
  empty.textContent = searching ? `No results for “${v.q}”` : "No items";
  spacer.style.height = Math.min(v.height, MAX_HEIGHT) + "px";
  indexBar.style.right = (scroller.offsetWidth - scroller.clientWidth) + "px";   // beside the scrollbar
  if (changed) {
    clearNodes();
    scroller.scrollTop = 0;
  }
  render();
}

// Scroll geometry: the virtual offset shown at the top of the viewport.
function scale() {
  const view = state.view, h = scroller.clientHeight, shown = Math.min(view.height, MAX_HEIGHT);
  return shown > h && view.height > MAX_HEIGHT ? (view.height - h) / (shown - h) : 1;
}
export function virtualTop() { return scroller.scrollTop * scale(); }
export function scrollToVirtual(y) {
  const h = scroller.clientHeight, max = Math.max(0, state.view.height - h);
  scroller.scrollTop = Math.min(y, max) / scale();
  render();
}

// The section whose header is at or above virtual offset y (binary search of the tops).
function sectionAt(y) {
  const tops = state.view.tops;
  let lo = 0, hi = tops.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (tops[mid] <= y) lo = mid; else hi = mid - 1; }
  return lo;
}

// The row index at virtual offset y of the view.
export function rowAt(y) {
  const view = state.view;
  if (!view.sections.length) return 0;
  const s = sectionAt(y);
  return view.sections[s].offset + Math.max(0, Math.floor((y - view.tops[s] - HEADER) / ROW));
}

export function render() {
  const view = state.view;
  if (!view) return;
  const top = virtualTop(), base = scroller.scrollTop - top;   // spacer y of virtual y is base + y
  const from = Math.max(0, top - OVERSCAN), to = top + scroller.clientHeight + OVERSCAN;
  const wanted = new Set(), neededPages = new Set();
  let previous = null;   // the node placed last
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
  // A node out of view goes, unless it holds the focus (a keyboard user scrolling with the wheel
  // keeps their place; it goes once the focus moves on).
  for (const [key, node] of nodes) if (!wanted.has(key) && !node.contains(document.activeElement)) { node.remove(); nodes.delete(key); }
  fetchPages(neededPages);
  renderPinned(top);
  placeTabStop(top);

  // New nodes go into the DOM in the order they are shown (after the one placed before), so that
  // the document reads, and Tab moves, in the order of the list.
  function place(key, y, make, item) {
    wanted.add(key);
    let node = nodes.get(key), focused = false;
    if (node && key[0] === "r" && node.classList.contains("pending") && item) {
      focused = node === document.activeElement;
      node.remove(); node = null;
    }
    if (!node) {
      node = make(); nodes.set(key, node);
      spacer.insertBefore(node, previous ? previous.nextSibling : spacer.firstChild);
      if (focused) node.focus({ preventScroll: true });
    }
    node.style.transform = `translateY(${y}px)`;
    previous = node;
  }
}

// Drops the rows of item `id` from the DOM and renders again (to show or leave its editor).
export function rerenderRow(id) {
  for (const [key, node] of nodes) if (node.dataset.id === id) { node.remove(); nodes.delete(key); }
  render();
}

// Marks the rows of item `id` as selected (their actions shown), and no other.
export function markSelected(id) {
  for (const node of nodes.values()) node.classList.toggle("selected", node.dataset.id === id);
}

// A section's header: a heading that takes the focus from a script (the section index).
function headerNode(section) {
  const node = document.createElement("div");
  node.className = "section";
  node.setAttribute("role", "heading");
  node.setAttribute("aria-level", "2");
  node.tabIndex = -1;
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
// delete), or the editor when it is being renamed. To a screen reader a row is a group named by
// its text and that line (not by its buttons too, as a focused element of no role would be).
function rowNode(k, item) {
  const node = document.createElement("div");
  node.className = "row";
  node.tabIndex = -1;   // placeTabStop gives one row 0: the list is one Tab stop, the arrows move in it
  if (!item) { node.classList.add("pending"); node.textContent = "\u00a0"; return node; }
  node.dataset.row = k;
  node.dataset.id = item.id;
  if (state.writable && state.editing && state.editing.id === item.id) return editorNode(node);
  const name = document.createElement("span");
  name.className = "name";
  appendMarked(name, item.text, item.matches);
  node.appendChild(name);
  name.id = `row-${k}`;
  node.setAttribute("role", "group");
  node.setAttribute("aria-labelledby", name.id);
  const columns = Object.entries(item.columnMatches || {});
  if (columns.length) {
    node.classList.add("with-columns");
    const line = document.createElement("span");
    line.className = "columns";
    line.id = `row-${k}-columns`;
    node.setAttribute("aria-labelledby", `${name.id} ${line.id}`);
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
  if (state.writable) {
    node.setAttribute("aria-describedby", "row-keys");
    if (item.id === state.selectedID) node.classList.add("selected");
    node.appendChild(actionsNode([["edit", "Edit", "Enter"], ["delete", "Delete", "Delete"]], false));
  }
  return node;
}

// Buttons labelled by the stylesheet (so that a row's textContent stays its text) and aria-label.
// A row's own buttons are not Tab stops (the row is, and its keys do what they do); an editor's are.
export function actionsNode(actions, tabStops = true) {
  const box = document.createElement("div");
  box.className = "row-actions";
  for (const [kind, label, keys] of actions) {
    const button = document.createElement("button");
    if (!tabStops) button.tabIndex = -1;
    if (keys) button.setAttribute("aria-keyshortcuts", keys);
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
  const view = state.view;
  if (!view.sections.length) { pinned.textContent = ""; return; }
  const s = sectionAt(top);
  if (pinned.textContent !== view.sections[s].title) pinned.textContent = view.sections[s].title;
  const next = s + 1 < view.tops.length ? view.tops[s + 1] - top : Infinity;
  pinned.style.transform = `translateY(${Math.min(0, next - HEADER)}px)`;
}

// Fetches the pages in view (not yet cached), and aborts fetches for pages scrolled past.
function fetchPages(needed) {
  const v = state.view;
  for (const [page, controller] of v.pending) if (!needed.has(page)) { controller.abort(); v.pending.delete(page); }
  for (const page of needed) {
    if (v.pending.has(page) || v.pages.has(page)) continue;
    const controller = new AbortController();
    v.pending.set(page, controller);
    api(sectionsPath(state.listing), { ...queryParams(v.key), offset: page * PAGE, limit: PAGE }, controller.signal).then((answer) => {
      v.pending.delete(page);
      storePage(v, answer);
      if (v.pages.size > 400) v.pages.delete(v.pages.keys().next().value);
      if (state.view === v) render();
    }, (error) => {
      v.pending.delete(page);
      if (error.name !== "AbortError") countLine.textContent = `Error: ${error.message}`;
    });
  }
}

// The keyboard in the list. The list is one Tab stop: the row last focused in this view, else the
// first row in view (below the pinned header). Up and Down, Page Up and Page Down, Home and End
// move the focus from row to row, scrolling as needed; a section's header takes the focus when
// the side index sends it there, and Down goes on to its first row. (Enter and Delete on a row
// are writes.js's.)
function placeTabStop(top) {
  const view = state.view, current = state.current;
  const k = current && current.key === view.key && nodes.has("r" + current.k) ? current.k : rowAt(top + HEADER);
  for (const [key, node] of nodes) {
    if (key[0] !== "r") continue;
    const want = key === "r" + k ? 0 : -1;
    if (node.tabIndex !== want) node.tabIndex = want;
  }
}

// The section of row k (binary search of the sections' first rows).
function sectionOfRow(k) {
  const sections = state.view.sections;
  let lo = 0, hi = sections.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (sections[mid].offset <= k) lo = mid; else hi = mid - 1; }
  return lo;
}

// Scrolls row k into view (below the pinned header) and focuses it.
export function focusRow(k) {
  const view = state.view;
  if (!view || !view.total) return;
  k = Math.max(0, Math.min(view.total - 1, k));
  const s = sectionOfRow(k), y = view.tops[s] + HEADER + (k - view.sections[s].offset) * ROW;
  const top = virtualTop(), h = scroller.clientHeight;
  if (y < top + HEADER) scrollToVirtual(y - HEADER);
  else if (y + ROW > top + h) scrollToVirtual(y + ROW - h);
  state.current = { key: view.key, k };
  render();
  nodes.get("r" + k)?.focus({ preventScroll: true });
}

// Focuses the row of item `id` if it is in view, else row k (the one that took its place); when
// the list is empty, the search field. Only when the focus was in the list (and has gone with a
// node that was drawn again).
export function focusItem(id, k) {
  const active = document.activeElement;
  if (active && active !== document.body && !spacer.contains(active)) return;
  for (const [key, node] of nodes) if (key[0] === "r" && node.dataset.id === id) { node.focus({ preventScroll: true }); return; }
  if (state.view && state.view.total) focusRow(k); else document.getElementById("search").focus();
}

// Focuses the header of section s (scrolled into view first).
export function focusSection(s) {
  render();
  nodes.get("h" + s)?.focus({ preventScroll: true });
}

export function installListKeys() {
  spacer.addEventListener("focusin", (event) => {
    const row = event.target.closest(".row");
    for (const [key, node] of nodes) if (node === row) state.current = { key: state.view.key, k: Number(key.slice(1)) };
  });
  spacer.addEventListener("keydown", (event) => {
    const row = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (row.classList.contains("section") && event.key === "ArrowDown") {   // a header: down to its first row
      for (const [key, node] of nodes) if (node === row) { event.preventDefault(); focusRow(state.view.sections[Number(key.slice(1))].offset); }
      return;
    }
    if (!row.classList.contains("row")) return;
    const current = state.current, page = Math.max(1, Math.floor((scroller.clientHeight - HEADER) / ROW) - 1);
    if (!current || current.key !== state.view.key) return;
    const k = current.k;
    const to = { ArrowDown: k + 1, ArrowUp: k - 1, PageDown: k + page, PageUp: k - page, Home: 0, End: Infinity }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusRow(to === Infinity ? state.view.total - 1 : to);
  });
}
