// The side index: the magnifier (focuses the search field), then the letters of the unfiltered
// listing; tap one, or drag a finger along them, to scroll to its section. Each is a button: Tab
// reaches it, and Enter or Space scrolls to its section and moves the focus to the section's header.
import { state, scrollToVirtual, focusSection } from "./render.js";

const indexBar = document.getElementById("index"), scroller = document.getElementById("scroller");
const search = document.getElementById("search");

export function buildIndex(titles) {
  indexBar.replaceChildren();
  titles.forEach((title, position) => {
    const entry = document.createElement("button");
    entry.type = "button";
    entry.dataset.indexTitle = title;
    entry.dataset.position = position;
    if (title === "{search}") {
      // The search field’s magnifier, cloned: no markup from strings (Trusted Types, which the
      // CSP requires, would refuse a string of it).
      entry.appendChild(document.querySelector(".field svg").cloneNode(true));
      entry.setAttribute("aria-label", "Search");
    } else {
      entry.textContent = title;
      if (title === "★") entry.setAttribute("aria-label", "Favorites");
    }
    indexBar.appendChild(entry);
  });
  fitIndex();
}

// Sizes the entries to the bar's height, and places the bar beside the scrollbar.
export function fitIndex() {
  indexBar.style.right = (scroller.offsetWidth - scroller.clientWidth) + "px";   // beside the scrollbar
  const n = indexBar.children.length;
  if (!n) return;
  const each = Math.max(6, Math.min(16, (indexBar.clientHeight - 12) / n));
  for (const entry of indexBar.children) {
    entry.style.fontSize = Math.min(11, each * 0.8) + "px";
    entry.style.height = each + "px";
  }
}

// Scrolls to the section of index entry `position`; from the keyboard (`focus`), the focus goes
// to that section's header too.
function jumpToIndex(position, focus = false) {
  const view = state.view;
  if (position === 0) { search.focus(); if (view) scrollToVirtual(0); return; }
  if (!view || view.q !== "" || !view.sections.length) return;
  // The section titled at this position, or (an empty letter) the first one after it.
  let s = view.sections.findIndex((section) => section.index >= position);
  if (s < 0) s = view.sections.length - 1;
  scrollToVirtual(view.tops[s]);
  if (focus) focusSection(s);
}

let dragging = false, lastPosition = -1, pointerJumped = false;
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

// Tap or drag: the pointer is captured, so a drag off the bar goes on scrolling.
export function installSideIndex() {
  indexBar.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    dragging = true; lastPosition = -1; pointerJumped = true;
    indexBar.setPointerCapture?.(event.pointerId);
    onIndexPointer(event);
  });
  indexBar.addEventListener("pointermove", (event) => { if (dragging) onIndexPointer(event); });
  const endDrag = () => { dragging = false; };
  indexBar.addEventListener("pointerup", endDrag);
  indexBar.addEventListener("pointercancel", endDrag);
  // A click that no pointerdown began: Enter or Space on an entry, or a screen reader's activation.
  indexBar.addEventListener("click", (event) => {
    const entry = event.target.closest("[data-position]"), byPointer = pointerJumped;
    pointerJumped = false;
    if (entry && !byPointer) jumpToIndex(Number(entry.dataset.position), true);
  });
}
