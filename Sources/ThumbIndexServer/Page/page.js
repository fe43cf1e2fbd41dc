// The page's script: an ES module (index.html loads it with <script type="module">) that wires
// the modules under /page/, each served by the server like this one (no build step):
//   api.js        the API client: reads, writes with the token, the token, a query's parameters;
//   render.js     the virtual list: headers, rows, highlights, a line per matched column, the
//                 pinned header, and the state the modules share;
//   sideindex.js  the side index (tap or drag along the letters);
//   query.js      the search: the query shown, the cache of recent ones, opening a listing, the
//                 refresh after a write, the search in the URL (?listing=…&q=…);
//   writes.js     add, rename and delete, and the token form (a writable server only).
import { api } from "./page/api.js";
import { state, render, installListKeys } from "./page/render.js";
import { fitIndex, installSideIndex } from "./page/sideindex.js";
import { open, setQuery, optionLabel, searchIn } from "./page/query.js";
import { installWrites, showWriteControls } from "./page/writes.js";

const $ = (id) => document.getElementById(id);
const search = $("search"), scroller = $("scroller"), countLine = $("count"), picker = $("listing");
const dialpadBox = $("dialpad");

installSideIndex();
installListKeys();
installWrites();

search.addEventListener("input", () => setQuery(search.value));
// The dial pad: the query is read as keys typed on a phone keypad, and touch screens show one.
function setDialpad(on) {
  if (on) search.setAttribute("inputmode", "tel"); else search.removeAttribute("inputmode");
  search.placeholder = on ? "Dial pad: 5646 finds John" : "Search";
}
dialpadBox.addEventListener("change", () => {
  setDialpad(dialpadBox.checked);
  if (state.listing !== null) setQuery(search.value);
  search.focus();
});
// Puts the search a URL holds into the field and the dial-pad toggle; its listing if it is served.
function takeSearch(wanted) {
  search.value = wanted.q;
  dialpadBox.checked = wanted.dialpad;
  setDialpad(wanted.dialpad);
  return [...picker.options].some((o) => o.value === wanted.listing) ? wanted.listing : null;
}
// Back and Forward between listings (a listing chosen in the picker is a history entry).
window.addEventListener("popstate", () => {
  if (state.listing === null) return;
  const name = takeSearch(searchIn(location.href)) || picker.value;
  if (name !== state.listing) { picker.value = name; open(name); } else setQuery(search.value);
});
search.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { search.value = ""; setQuery(""); }
});
let frame = 0;
scroller.addEventListener("scroll", () => {
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); });
}, { passive: true });
window.addEventListener("resize", () => { fitIndex(); render(); });

async function start() {
  try {
    const { listings, writable: canWrite } = await api("/api/listings", {});
    state.writable = canWrite === true;
    showWriteControls();
    if (!listings.length) { countLine.textContent = "No listings are served."; return; }
    for (const l of listings) picker.add(new Option(optionLabel(l), l.name));
    picker.hidden = listings.length < 2;
    picker.addEventListener("change", () => open(picker.value, true));
    // The search in the URL (a reload, Back, a shared link), in an unknown listing the first one's.
    const first = listings.find((l) => l.name === takeSearch(searchIn(location.href))) || listings[0];
    picker.value = first.name;
    await open(first.name);
    document.body.dataset.ready = "true";
  } catch (error) {
    countLine.textContent = `Error: ${error.message}`;
  }
}
start();
