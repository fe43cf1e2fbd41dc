#!/usr/bin/env python3
"""The page of `thumbindex serve` in a real browser (headless Chromium through Selenium).

    browser_test.py URL [--big URL] [--store URL --token-file FILE] [--screenshot PATH]

URL serves the bundled contacts read-only (`thumbindex serve`); --big, optionally, a listing of a
million rows or more (any name); --store, optionally, the bundled contacts in a scratch store that
takes writes with the token in --token-file (`thumbindex serve --store DB --token-file FILE`): the
page adds, renames and deletes contacts there, and items whose text is markup are shown as text.
Every check compares what the page shows with what the JSON API answers for the same query, so
the API is the oracle. The page's Content-Security-Policy is checked to arrive, to be enforced,
and to refuse none of the page's own files. axe-core 4 (the axe.min.js that axe-playwright-python
ships) must find no serious or critical violation on load, after a search, with the dial pad,
with the write controls shown (with --store), in light and dark mode, at 480 and 390 px. From the
keyboard: the search box is the first Tab stop, Tab reaches every letter of the side index, Enter
or Space on one focuses its section's header, the arrows move between rows, Enter renames a row
and Delete deletes it, and every stop shows a focus ring. The URL holds the search (a reload,
Back and a shared link show it again). At 390 px on a touch screen nothing scrolls sideways and a
finger dragged along the index scrolls to the letter it stops on. Exits non-zero on the first
failed check.
"""
import argparse
import importlib.resources
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 15


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)
    print(f"  ok  {message}")


def api(base, path, **params):
    url = urllib.parse.urljoin(base, path)
    if params:
        url += "?" + urllib.parse.urlencode(params)
    with urllib.request.urlopen(url) as response:
        return json.load(response)


def api_write(base, method, path, token, body=None):
    """A write through the API with the token: (status, decoded body or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(urllib.parse.urljoin(base, path), data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def api_status(base, path):
    try:
        with urllib.request.urlopen(urllib.parse.urljoin(base, path)) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until(driver, predicate, what, timeout=TIMEOUT):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: predicate())
    except TimeoutException:
        raise Failure(f"timed out waiting until {what}")


def open_browser(width, height):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1", "--lang=en-US"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# What the page shows, read in one round trip.
READ_STATE = """
const scroller = document.getElementById('scroller');
const box = scroller.getBoundingClientRect();
const visible = (el) => { const r = el.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; };
// A row's text is its .name (under it, .columns shows the other columns where the query matched).
const marks = (el) => [...el.querySelectorAll('mark')].map((m) => m.textContent);
const rows = [...document.querySelectorAll('[data-row]')]
  .map((el) => { const name = el.querySelector('.name') || el;
                 return { row: Number(el.dataset.row), text: name.textContent, top: el.getBoundingClientRect().top - box.top,
                          marks: marks(name), visible: visible(el),
                          columns: [...el.querySelectorAll('.column')].map((c) => ({ column: c.dataset.column, text: c.textContent,
                                                                                    marks: marks(c) })) }; })
  .sort((a, b) => a.row - b.row);
const sections = [...document.querySelectorAll('[data-section]')]
  .map((el) => ({ title: el.dataset.section, top: el.getBoundingClientRect().top - box.top, visible: visible(el) }))
  .sort((a, b) => a.top - b.top);
const index = document.getElementById('index');
return {
  rows, sections,
  total: document.getElementById('count').dataset.total,
  count: document.getElementById('count').textContent,
  indexShown: !index.hidden && index.getBoundingClientRect().height > 0,
  indexTitles: [...index.querySelectorAll('[data-index-title]')].map((el) => el.dataset.indexTitle),
  pinned: document.getElementById('pinned').textContent,
  domRows: document.querySelectorAll('.row').length,
  focused: document.activeElement && document.activeElement.id,
  scrollTop: scroller.scrollTop, scrollHeight: scroller.scrollHeight, viewport: scroller.clientHeight,
};
"""


def state(driver):
    return driver.execute_script(READ_STATE)


# The page's row and header heights (every row, every header has the same height), read from the
# elements themselves so the expectations below follow the stylesheet.
READ_HEIGHTS = """
const row = document.querySelector('#scroller .row'), header = document.querySelector('#scroller .section');
return { row: row.getBoundingClientRect().height, header: header.getBoundingClientRect().height };
"""


def section_tops(answer, heights):
    """The y of each section header in the scrolled content, as the page lays out the answer:
    every section before it contributes its header and its rows."""
    return [i * heights["header"] + x["offset"] * heights["row"] for i, x in enumerate(answer["sections"])]


def expected_visible(answer, heights, scroll_top, viewport):
    """Which section headers and rows of `answer` (all of its sections, with counts) intersect the
    viewport [scroll_top, scroll_top + viewport): (header titles, rows), both in order. Visible means
    what READ_STATE means: the element's bottom is below the top and its top above the bottom."""
    tops = section_tops(answer, heights)
    bottom = scroll_top + viewport
    titles, rows = [], []
    for x, y in zip(answer["sections"], tops):
        if y + heights["header"] > scroll_top and y < bottom:
            titles.append(x["title"])
        first_row_y = y + heights["header"]
        for i in range(x["count"]):
            ry = first_row_y + i * heights["row"]
            if ry >= bottom:
                break
            if ry + heights["row"] > scroll_top:
                rows.append(x["offset"] + i)
    return titles, rows


def count_text(total, searching):
    """The count line of the page for `total` items or results (en-US digit grouping)."""
    if searching:
        return "1 result" if total == 1 else f"{total:,} results"
    return f"{total:,} {'item' if total == 1 else 'items'}"


def expected_rows(base, listing, q, offset, limit, **params):
    """Rows [offset, offset+limit) of the filtered listing as the API gives them: {row: (text, marks)}."""
    answer = api(base, f"/api/listings/{listing}/sections", q=q, offset=offset, limit=limit, **params)
    rows = {}
    for section in answer["sections"]:
        k = max(section["offset"], offset)
        for item in section["items"]:
            text = item["text"]
            rows[k] = (text, [utf16_slice(text, a, b) for a, b in item["matches"]], section["title"])
            k += 1
    return answer, rows


def utf16_slice(text, start, end):
    """text[start:end] counted in UTF-16 code units, as JavaScript and the API count."""
    units = text.encode("utf-16-le")
    return units[2 * start:2 * end].decode("utf-16-le")


def shows_answer_for(driver, base, listing, q, **params):
    """Whether the page shows exactly what the API answers for q (count, visible rows, marks, headers)."""
    s = state(driver)
    answer, rows = expected_rows(base, listing, q, 0, 100, **params)
    if s["total"] != str(answer["total"]):
        return False
    shown = [r for r in s["rows"] if r["visible"]]
    if answer["total"] and not shown:
        return False
    for r in shown:
        if r["row"] not in rows or rows[r["row"]][0] != r["text"] or rows[r["row"]][1] != r["marks"]:
            return False
    return True


def type_keys(element, text, pause):
    for ch in text:
        element.send_keys(ch)
        if pause:
            time.sleep(pause)


def test_contacts(driver, base, screenshot):
    listing = api(base, "/api/listings")["listings"][0]["name"]
    whole = api(base, f"/api/listings/{listing}/sections", limit=0)
    print(f"contacts: {base} listing {listing!r}, {whole['total']} items")
    driver.get(base)
    wait_until(driver, lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page is ready")

    # The unfiltered listing.
    s = state(driver)
    check(s["total"] == str(whole["total"]) and s["count"] == count_text(whole["total"], False),
          f"the count shows all {whole['total']} items ({s['count']!r})")
    check(s["indexShown"], "the side index is shown")
    check(s["indexTitles"] == whole["indexTitles"], f"the side index is the listing's: {' '.join(s['indexTitles'])}")
    check(s["indexTitles"][0] == "{search}", "the magnifier sentinel is first in the index")
    field = driver.execute_script("const f = document.getElementById('search'); return [f.tagName, f.type];")
    check(field == ["INPUT", "search"], f"the search field is an <input type=search> ({field})")
    origins = driver.execute_script(
        "return [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).origin))];")
    here = driver.execute_script("return location.origin")
    check(origins == [here], f"everything the page loads comes from its own origin: {origins}")
    heights = driver.execute_script(READ_HEIGHTS)
    check(s["scrollTop"] == 0, "the listing starts scrolled to the top")
    want_titles, want_rows = expected_visible(whole, heights, 0, s["viewport"])
    _, first = expected_rows(base, listing, "", 0, len(want_rows))
    visible = [r for r in s["rows"] if r["visible"]]
    check(len(want_rows) >= 5 and [r["row"] for r in visible] == want_rows,
          f"rows {want_rows[0]}…{want_rows[-1]} are visible ({len(want_rows)} rows of {heights['row']:g} px under "
          f"{len(want_titles)} headers of {heights['header']:g} px in {s['viewport']} px)")
    check([r["text"] for r in visible] == [first[k][0] for k in want_rows],
          "visible rows are the listing's first rows, in order")
    check([x["title"] for x in s["sections"] if x["visible"]] == want_titles,
          f"the visible section headers are {want_titles}, the first {whole['sections'][0]['title']!r}")
    check(s["pinned"] == whole["sections"][0]["title"], "the first section's header is pinned on top")
    check(s["domRows"] < 80, f"the list is virtual: {s['domRows']} row elements for {whole['total']} items")
    check(api(base, "/api/listings")["writable"] is False, "the server says it is read-only (writable: false)")
    controls = driver.execute_script(
        "return [document.getElementById('add-toggle').hidden, document.querySelectorAll('.row-actions').length]")
    check(controls == [True, 0], "read-only: no add button and no row actions are shown")
    if screenshot:
        driver.save_screenshot(screenshot)
        print(f"  --  screenshot saved to {screenshot}")

    # Typing: every keystroke filters; the page settles on the API's answer for each prefix.
    box = driver.find_element(By.ID, "search")
    box.click()
    query = "ann"
    for i in range(1, len(query) + 1):
        type_keys(box, query[i - 1], 0)
        prefix = query[:i]
        wait_until(driver, lambda: shows_answer_for(driver, base, listing, prefix), f"the page shows the answer for {prefix!r}")
        s = state(driver)
        check(not s["indexShown"], f"after {prefix!r}: the index is hidden while searching ({s['total']} results)")
    answer, rows = expected_rows(base, listing, query, 0, 100)
    s = state(driver)
    check(s["total"] == str(answer["total"]) and s["count"] == count_text(answer["total"], True),
          f"the count shows {answer['total']} results ({s['count']!r})")
    check(s["scrollTop"] == 0, "a new query starts at the top")
    want_titles, want_rows = expected_visible(answer, heights, 0, s["viewport"])
    marked = [r for r in s["rows"] if r["visible"]]
    check(want_rows and [r["row"] for r in marked] == want_rows
          and all(r["marks"] and r["marks"] == rows[r["row"]][1] for r in marked),
          f"every visible row highlights the API's match ranges ({len(marked)} rows, e.g. {marked[0]['text']!r} → {marked[0]['marks']})")
    titles = [x["title"] for x in s["sections"] if x["visible"]]
    check(titles == want_titles, f"the visible section headers are the filtered sections that fit: {titles}")

    # Fast typing: stale answers must not win.
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    type_keys(box, "mar", 0)
    box.send_keys(Keys.BACKSPACE)
    type_keys(box, "ia", 0)
    # "mar", backspace, "ia": the box holds "maia" (the stale answers are those for m, ma, mar, mai).
    check(box.get_attribute("value") == "maia", f"the search box holds {box.get_attribute('value')!r}")
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "maia"),
               "the page shows the answer to the last query typed, 'maia'")
    time.sleep(0.5)
    check(shows_answer_for(driver, base, listing, "maia"),
          "after fast typing the page still shows the answer for 'maia', not a stale one")

    # No results, and a query that looks like markup is shown as text.
    box.send_keys(Keys.CONTROL, "a")
    type_keys(box, "<b>zzqx", 0)
    wait_until(driver, lambda: state(driver)["total"] == "0", "a query without matches shows 0 results")
    empty = driver.find_element(By.ID, "empty")
    message = driver.execute_script("return document.getElementById('empty').textContent")
    children = driver.execute_script("return document.getElementById('empty').children.length")
    check(empty.is_displayed() and message == "No results for \u201c<b>zzqx\u201d" and children == 0,
          f"no results: {message!r}, the query shown as text (no element inside)")

    # A typo: no exact match, so the page shows the API's close matches, highlighted, with a note.
    box.send_keys(Keys.CONTROL, "a")
    type_keys(box, "jesica aced", 0)
    close = api(base, f"/api/listings/{listing}/sections", q="jesica aced", limit=0)
    check(close.get("approximate") == 1 and close["total"] > 0, f"the API answers 'jesica aced' with close matches: {close.get('approximate')}")
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "jesica aced"), "the page shows the close matches of 'jesica aced'")
    count = driver.execute_script("return document.getElementById('count').textContent")
    check(count.startswith("No exact matches; showing close matches"), f"the count line says the matches are close ones: {count!r}")

    # Clearing the search brings the whole listing and the index back.
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    wait_until(driver, lambda: state(driver)["total"] == str(whole["total"]), "clearing the search shows every item again")
    s = state(driver)
    check(s["indexShown"], "the index is back after clearing the search")

    # Tapping an index letter scrolls its section to the top (or as far as the list scrolls).
    targets = [t for t in whole["indexTitles"][1:] if t not in ("★",)]
    for title in [targets[len(targets) // 2], targets[-1], targets[0]]:
        entry = driver.find_element(By.CSS_SELECTOR, f'#index [data-index-title="{css_escape(title)}"]')
        entry.click()
        section = next(x for x in whole["sections"] if x["indexTitle"] == title)

        # The header goes to the top unless the content below it is shorter than the viewport;
        # then the list is scrolled to its end and the header sits that much lower.
        y = section_tops(whole, heights)[whole["sections"].index(section)]
        st = state(driver)
        end = st["scrollHeight"] - st["viewport"]
        want_scroll = min(y, end)
        where = "at the top" if y <= end else f"{y - end:g} px below the top (the list is scrolled to its end)"

        def at_place():
            st = state(driver)
            head = next((x for x in st["sections"] if x["title"] == section["title"]), None)
            return head is not None and st["scrollTop"] == want_scroll and abs(head["top"] - (y - want_scroll)) < 0.5
        wait_until(driver, at_place, f"section {section['title']!r} is shown {where} (scrollTop {want_scroll:g})")
        wait_until(driver, lambda: any(r["visible"] and r["row"] == section["offset"] for r in state(driver)["rows"]),
                   f"the first row of {section['title']!r} is loaded")
        st = state(driver)
        first_row = next(r for r in st["rows"] if r["row"] == section["offset"])
        _, rows = expected_rows(base, listing, "", section["offset"], 1)
        check(first_row["text"] == rows[section["offset"]][0],
              f"tapping {title!r} shows section {section['title']!r} {where}, first row {first_row['text']!r}")

    # The magnifier focuses the search field.
    driver.find_element(By.ID, "search").send_keys(Keys.TAB)  # move focus away first
    check(state(driver)["focused"] != "search", "the focus left the search field")
    driver.find_element(By.CSS_SELECTOR, '#index [data-index-title="{search}"]').click()
    wait_until(driver, lambda: state(driver)["focused"] == "search", "the magnifier focuses the search field")
    check(state(driver)["focused"] == "search", "tapping the magnifier focuses the search field")


def test_big(driver, base):
    listings = api(base, "/api/listings")["listings"]
    listing = max(listings, key=lambda l: l["items"])
    name = listing["name"]
    print(f"big listing: {base} {name!r}, {listing['items']} items")
    driver.get(urllib.parse.urljoin(base, "/?listing=" + urllib.parse.quote(name)))
    wait_until(driver, lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page is ready", 60)
    whole = api(base, f"/api/listings/{name}/sections", limit=0)
    s = state(driver)
    check(s["total"] == str(whole["total"]), f"the count shows {whole['total']} items")
    check(s["domRows"] < 80, f"the list is virtual: {s['domRows']} row elements")

    # Scroll in big steps through the whole list; every stop settles on the API's rows.
    for fraction in (0.25, 0.5, 0.999, 1.0, 0.1):
        started = time.monotonic()
        driver.execute_script("const s = document.getElementById('scroller'); s.scrollTop = (s.scrollHeight - s.clientHeight) * arguments[0];", fraction)

        def settled():
            st = state(driver)
            shown = [r for r in st["rows"] if r["visible"]]
            return st if shown and not driver.find_elements(By.CSS_SELECTOR, ".row.pending") else None
        st = wait_until(driver, settled, f"rows at {fraction:.0%} are loaded", 30)
        elapsed = time.monotonic() - started
        shown = [r for r in st["rows"] if r["visible"]]
        _, rows = expected_rows(base, name, "", shown[0]["row"], len(shown))
        check(all(rows[r["row"]][0] == r["text"] for r in shown),
              f"at {fraction:.1%}: rows {shown[0]['row']}…{shown[-1]['row']} match the API ({elapsed * 1000:.0f} ms)")
        if fraction == 1.0:
            check(shown[-1]["row"] == whole["total"] - 1, f"the very last row ({whole['total'] - 1}) can be reached")
        check(st["domRows"] < 80, f"still {st['domRows']} row elements")

    # Wheel-like scrolling: 200 small steps, timing the frames.
    frame_ms = driver.execute_async_script("""
const done = arguments[arguments.length - 1], s = document.getElementById('scroller');
let n = 0, last = performance.now(), worst = 0;
function step() {
  const now = performance.now(); worst = Math.max(worst, now - last); last = now;
  s.scrollTop += 120;
  if (++n < 200) requestAnimationFrame(step); else done(worst);
}
requestAnimationFrame(step);
""")
    check(frame_ms < 200, f"200 scroll steps, slowest frame {frame_ms:.0f} ms")

    # Dragging down the index visits the sections in order.
    bar = driver.find_element(By.ID, "index")
    entries = driver.find_elements(By.CSS_SELECTOR, "#index [data-index-title]")
    last_entry = entries[-1]
    ActionChains(driver).move_to_element(entries[1]).click_and_hold().move_to_element(last_entry).release().perform()
    final = whole["sections"][-1]
    wait_until(driver, lambda: any(x["title"] == final["title"] and x["visible"] for x in state(driver)["sections"]),
               f"dragging down the index reaches the last section {final['title']!r}")
    st = state(driver)
    check(any(x["title"] == final["title"] and x["visible"] for x in st["sections"]),
          f"dragging the index from {entries[1].get_attribute('data-index-title')!r} to the end shows {final['title']!r}")

    # The keyboard over a million rows: End and Home reach both ends of the scaled scrolling.
    driver.execute_script("document.querySelector('#scroller .row').focus()")
    press(driver, Keys.END)
    wait_until(driver, lambda: (focused(driver) or {}).get("row") == whole["total"] - 1 and focused(driver)["inList"],
               f"End focuses the last row ({whole['total'] - 1}), in view", 30)
    last = focused(driver)
    press(driver, Keys.ARROW_UP)
    press(driver, Keys.HOME)
    wait_until(driver, lambda: (focused(driver) or {}).get("row") == 0 and focused(driver)["inList"], "Home focuses row 0, in view", 30)
    check(last["bottom"] <= state(driver)["viewport"] + 0.5 and focused(driver)["top"] >= 0,
          f"End and Home move the focus to row {whole['total'] - 1} and back to row 0, each in view")

# Where a row of the page is: its text, whether it is in the viewport, and the title of the
# section header above it (the last header whose top is at or above the row's).
READ_ROW = """
const row = document.querySelector(`#scroller .row[data-id="${CSS.escape(arguments[0])}"]`);
if (!row) return null;
const box = document.getElementById('scroller').getBoundingClientRect(), r = row.getBoundingClientRect();
const heads = [...document.querySelectorAll('[data-section]')]
  .filter((h) => h.getBoundingClientRect().top <= r.top)
  .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
return { text: (row.querySelector('.name') || row).textContent, visible: r.bottom > box.top && r.top < box.bottom,
         section: heads.length ? heads[heads.length - 1].dataset.section : null,
         elements: row.querySelectorAll('img, script, b, i, a').length,
         editing: row.classList.contains('editing') };
"""


def test_people(driver, base):
    """Issue 23 on the page: a match in the phone column is shown under the name, highlighted; the
    dial-pad toggle reads the query as keys (and asks touch screens for a keypad)."""
    listing = "contacts"
    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    type_keys(box, "844", 0.05)
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "844"), "the page shows the answer for '844'")

    def jessica():
        return next((r for r in state(driver)["rows"] if r["text"] == "Jessica Acedo" and r["visible"]), None)
    wait_until(driver, jessica, "typing 844 shows Jessica Acedo")
    row = jessica()
    check(row["marks"] == [] and row["columns"] == [{"column": "phone", "text": "phone: +34844 468 710", "marks": ["844"]}],
          f"Jessica Acedo's row shows her phone with 844 highlighted under her name: {row['columns']}")
    spoken = driver.execute_script("return [...document.querySelectorAll('#scroller .row.with-columns')].find((r) => r.querySelector('.name').textContent === 'Jessica Acedo')")
    check(spoken.accessible_name == "Jessica Acedo phone: +34844 468 710",
          f"a screen reader hears her row as {spoken.accessible_name!r}: the name, then the phone")
    answer, _ = expected_rows(base, listing, "844", 0, 100)
    with_phone = sum(1 for x in answer["sections"] for item in x["items"] if "columnMatches" in item)
    lines = [r for r in state(driver)["rows"] if r["columns"]]
    check(lines and all(c["marks"] for r in lines for c in r["columns"]),
          f"every shown row matched in its phone has a highlighted phone line ({len(lines)} shown, {with_phone} in the answer)")
    fits = driver.execute_script("""
const row = [...document.querySelectorAll('#scroller .row.with-columns')][0];
const line = row.querySelector('.columns'), r = row.getBoundingClientRect(), l = line.getBoundingClientRect();
return l.top >= r.top && l.bottom <= r.bottom + 0.5 && l.height > 0;""")
    check(fits, "the phone line fits inside the row's height")

    # The dial pad: a checkbox with a label; the field asks for a telephone keypad; 5646 finds the Johns.
    toggle = driver.find_element(By.ID, "dialpad")
    label = driver.execute_script("return document.getElementById('dialpad').labels[0].textContent.trim()")
    check(label == "Dial pad", f"the dial-pad toggle is labelled {label!r}")
    check(box.get_attribute("inputmode") in (None, ""), "without the dial pad the field has no inputmode")
    toggle.click()
    check(box.get_attribute("inputmode") == "tel", "with the dial pad on, the search field's inputmode is tel")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    type_keys(box, "5646", 0.05)
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "5646", dialpad=1),
               "the page shows the dial-pad answer for '5646'")
    texts = [r["text"] for r in state(driver)["rows"] if r["visible"]]
    check("John Conway" in texts and all(r["marks"] or r["columns"] for r in state(driver)["rows"] if r["visible"]),
          f"dial pad 5646 shows the Johns, highlighted: {texts[:5]}")
    # Letters on the dial pad are not sent; the count line says why.
    type_keys(box, "x", 0)
    wait_until(driver, lambda: "dial pad" in state(driver)["count"].lower(), "letters on the dial pad are explained")
    toggle.click()
    check(box.get_attribute("inputmode") in (None, ""), "the dial pad off: no inputmode")
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "5646x"), "the dial pad off: the query is text again")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    print("  ok  people: a phone match under the name, the dial pad")


def section_of(base, listing, item_id):
    """The title of the section of the unfiltered listing that holds item_id (None: no such item)."""
    answer = api(base, f"/api/listings/{listing}/sections", limit=1000)
    for section in answer["sections"]:
        if any(item["id"] == item_id for item in section["items"]):
            return section["title"]
    return None


def find_ids(base, listing, q):
    answer = api(base, f"/api/listings/{listing}/sections", q=q, limit=1000)
    return {item["text"]: item["id"] for section in answer["sections"] for item in section["items"]}


def browser_log(driver):
    return driver.get_log("browser")


def csp_messages(entries):
    return [e["message"] for e in entries
            if any(word in e["message"] for word in ("Content Security Policy", "Refused to", "Trusted"))]


def page_ready(driver, base):
    driver.get(base)
    wait_until(driver, lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page is ready")


def tap_index(driver, title):
    driver.find_element(By.CSS_SELECTOR, f'#index [data-index-title="{css_escape(title)}"]').click()


def row_action(driver, item_id, action):
    """Selects the row (touch screens show its actions then) and presses its `action` button."""
    selector = f'#scroller .row[data-id="{css_escape(item_id)}"]'
    driver.find_element(By.CSS_SELECTOR, selector).click()
    button = f'{selector} [data-action="{action}"]'
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, button).is_displayed(), f"the {action} button is shown")
    driver.find_element(By.CSS_SELECTOR, button).click()


def add_through_form(driver, text):
    if not driver.find_element(By.ID, "add-form").is_displayed():
        driver.find_element(By.ID, "add-toggle").click()
    field = driver.find_element(By.ID, "add-text")
    field.clear()
    field.send_keys(text)
    driver.find_element(By.ID, "add-submit").click()


def status_text(driver):
    return driver.execute_script("const s = document.getElementById('write-status'); return s.hidden ? '' : s.textContent")


def search_for(driver, base, listing, q):
    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if q:
        box.send_keys(q)
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, q), f"the page shows the answer for {q!r}")


def test_writes(driver, base, token):
    catalog = api(base, "/api/listings")
    listing = catalog["listings"][0]["name"]
    whole = api(base, f"/api/listings/{listing}/sections", limit=0)
    total = whole["total"]
    print(f"writes: {base} listing {listing!r}, {total} items, writable {catalog['writable']}")
    check(catalog["writable"] is True, "the store server says it takes writes (writable: true)")

    # The headers, and the policy at work: the page's own files load, an injected inline script does not.
    with urllib.request.urlopen(base) as response:
        policy = response.headers.get("Content-Security-Policy", "")
        nosniff, referrer = response.headers.get("X-Content-Type-Options"), response.headers.get("Referrer-Policy")
    directives = dict((d.split() + [""])[0:2] for d in policy.split(";") if d.strip())
    check(directives.get("script-src") == "'self'" and directives.get("style-src") == "'self'"
          and directives.get("frame-ancestors") == "'none'" and "'unsafe-inline'" not in policy,
          f"the page arrives with Content-Security-Policy: {policy}")
    check(nosniff == "nosniff" and referrer == "no-referrer", "and X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer")
    browser_log(driver)  # read (and checked) by main after the earlier tests
    page_ready(driver, base)
    styled = driver.execute_script("return getComputedStyle(document.getElementById('scroller')).overflowY")
    check(styled == "auto", "the styles of /page.css apply (the list scrolls)")
    violations = csp_messages(browser_log(driver))
    check(not violations, f"the policy refuses none of the page's own files{': ' + str(violations) if violations else ''}")
    injected = driver.execute_script("""
const s = document.createElement('script');
s.appendChild(document.createTextNode('window.__inline = 1'));
try { document.body.appendChild(s); } catch (e) { /* refused outright */ }
return window.__inline;""")
    check(injected is None, "an inline script added to the page does not run")
    wait_until(driver, lambda: csp_messages(browser_log(driver)), "the browser reports the refused inline script")
    check(True, "the browser reports the refused inline script as a CSP violation")

    # Add: the token is asked for once; a wrong one is refused (401), forgotten and asked again.
    check(driver.find_element(By.ID, "add-toggle").is_displayed(), "the add button is shown")
    name = "Zyxa Quorn"
    check(find_ids(base, listing, name) == {}, f"{name!r} is not in the listing yet")
    add_through_form(driver, name)
    wait_until(driver, lambda: driver.find_element(By.ID, "token-form").is_displayed(), "the page asks for the token")
    driver.find_element(By.ID, "token").send_keys("not-the-token-0123456789")
    driver.find_element(By.ID, "token-submit").click()
    wait_until(driver, lambda: "did not accept" in driver.find_element(By.ID, "token-prompt").text,
               "after a wrong token the page asks again")
    check(driver.execute_script("return sessionStorage.getItem('thumbindex.token')") is None,
          "the refused token is not kept")
    check(find_ids(base, listing, name) == {}, "nothing was added with the wrong token")
    entries = browser_log(driver)
    check(all("401" in e["message"] for e in entries if e["level"] == "SEVERE"),
          f"the console reports only the 401 ({len(entries)} entries)")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.ID, "token-submit").click()
    wait_until(driver, lambda: find_ids(base, listing, name) != {}, f"{name!r} is added through the page")
    item_id = find_ids(base, listing, name)[name]
    wait_until(driver, lambda: status_text(driver) == f"Added \u201c{name}\u201d.", "the page says it was added")
    check(driver.execute_script("return sessionStorage.getItem('thumbindex.token')") == token,
          "the token is kept for the session")
    check(not driver.find_element(By.ID, "token-form").is_displayed(), "the token form is gone")
    check(state(driver)["total"] == str(total + 1), f"the count shows {total + 1} items")
    check(section_of(base, listing, item_id) == "Z", f"the API files {name!r} under 'Z'")
    tap_index(driver, "Z")
    wait_until(driver, lambda: (driver.execute_script(READ_ROW, item_id) or {}).get("visible"), f"{name!r} is shown after tapping 'Z'")
    row = driver.execute_script(READ_ROW, item_id)
    check(row["text"] == name and row["section"] == "Z", f"the page shows {row['text']!r} in section {row['section']!r}")

    # Rename in a filtered view: the view is fetched again for the same query.
    search_for(driver, base, listing, "Quorn")
    row_action(driver, item_id, "edit")
    wait_until(driver, lambda: (driver.execute_script(READ_ROW, item_id) or {}).get("editing"), "the row turns into an editor")
    editor = driver.find_element(By.CSS_SELECTOR, f'.row[data-id="{item_id}"] input')
    check(editor.get_attribute("value") == name, "the editor holds the current text")
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys("Bryn Quorn", Keys.ENTER)
    renamed = "Bryn Quorn"
    wait_until(driver, lambda: api(base, f"/api/listings/{listing}/items/{item_id}")["text"] == renamed,
               f"the API has {renamed!r}")
    check(not driver.find_element(By.ID, "token-form").is_displayed(), "no second request for the token")
    wait_until(driver, lambda: (driver.execute_script(READ_ROW, item_id) or {}).get("text") == renamed,
               f"the page shows {renamed!r}")
    row = driver.execute_script(READ_ROW, item_id)
    check(row["section"] == "B" and section_of(base, listing, item_id) == "B" and search_value(driver) == "Quorn",
          f"{renamed!r} moved to section 'B' (API and page), the query 'Quorn' kept")
    check(shows_answer_for(driver, base, listing, "Quorn"), "the filtered view matches the API after the rename")

    # Delete, after a confirmation.
    row_action(driver, item_id, "delete")
    WebDriverWait(driver, TIMEOUT).until(expected_conditions.alert_is_present())
    alert = driver.switch_to.alert
    check(renamed in alert.text, f"a confirmation is asked: {alert.text!r}")
    alert.accept()
    wait_until(driver, lambda: api_status(base, f"/api/listings/{listing}/items/{item_id}") == 404, "the API no longer has it")
    wait_until(driver, lambda: driver.execute_script(READ_ROW, item_id) is None and state(driver)["total"] == "0",
               "the page no longer shows it")
    check(shows_answer_for(driver, base, listing, "Quorn"), "no results for 'Quorn', as the API says")
    search_for(driver, base, listing, "")
    check(state(driver)["total"] == str(total), f"the count is back to {total}")

    # A section's last item deleted: the section goes. The letter, from the API: one without
    # contacts, else the one with the fewest, emptied through the API first (a scratch store).
    answer = api(base, f"/api/listings/{listing}/sections", limit=1000)
    counts = {x["title"]: x["count"] for x in answer["sections"]}
    letters = sorted((counts.get(t, 0), t) for t in whole["indexTitles"] if len(t) == 1 and "A" <= t <= "Z")
    letter = letters[0][1]
    emptied = [item for x in answer["sections"] if x["title"] == letter for item in x["items"]]
    for item in emptied:
        status, _ = api_write(base, "DELETE", f"/api/listings/{listing}/items/{item['id']}", token)
        check(status == 204, f"section {letter!r}: {item['text']!r} is deleted through the API, to empty it")
    check(letter not in {x["title"] for x in api(base, f"/api/listings/{listing}/sections", limit=0)["sections"]},
          f"the listing has no contact under {letter!r} ({'none to begin with' if not emptied else f'{len(emptied)} deleted'})")
    total -= len(emptied)
    page_ready(driver, base)
    check(state(driver)["total"] == str(total), f"the page counts {total} items")
    lone = {"X": "Xavier Ng", "Q": "Quinn Ng", "Y": "Yara Ng"}.get(letter, f"{letter}ara Ng")
    add_through_form(driver, lone)
    wait_until(driver, lambda: lone in find_ids(base, listing, lone), f"{lone!r} is added")
    lone_id = find_ids(base, listing, lone)[lone]
    check(section_of(base, listing, lone_id) == letter, f"the API opens section {letter!r} for {lone!r}")
    wait_until(driver, lambda: state(driver)["total"] == str(total + 1), "the page counts it")
    tap_index(driver, letter)
    wait_until(driver, lambda: (driver.execute_script(READ_ROW, lone_id) or {}).get("visible"), f"{lone!r} is shown after tapping {letter!r}")
    row = driver.execute_script(READ_ROW, lone_id)
    check(row["section"] == letter and row["text"] == lone, f"the page shows the new section {letter!r} with {lone!r} alone")
    before = state(driver)["scrollTop"]
    row_action(driver, lone_id, "delete")
    WebDriverWait(driver, TIMEOUT).until(expected_conditions.alert_is_present())
    driver.switch_to.alert.accept()
    wait_until(driver, lambda: api_status(base, f"/api/listings/{listing}/items/{lone_id}") == 404, f"the API no longer has {lone!r}")
    check(letter not in {x["title"] for x in api(base, f"/api/listings/{listing}/sections", limit=0)["sections"]},
          f"the API has no section {letter!r} any more")
    wait_until(driver, lambda: state(driver)["total"] == str(total), "the page counts it gone")
    s = state(driver)
    check(letter not in [x["title"] for x in s["sections"]], f"the page shows no section {letter!r} any more")
    end = s["scrollHeight"] - s["viewport"]
    check(abs(s["scrollTop"] - min(before, end)) <= 1, f"the scroll position is kept ({before:g} → {s['scrollTop']:g})")
    titles = api(base, f"/api/listings/{listing}/sections", limit=0)["indexTitles"]
    check(s["indexTitles"] == titles, f"the side index is the API's again ({letter!r} {'gone' if letter not in titles else 'kept'})")

    # Texts that look like markup, added through the API, are shown as text and run nothing.
    hostile = ["<img src=x onerror=window.__pwned=1>", "<script>window.__pwned=2</script>"]
    status, answer = api_write(base, "POST", f"/api/listings/{listing}/items", token, {"items": [{"text": t} for t in hostile]})
    check(status == 201 and len(answer["ids"]) == 2, f"two items of markup are added through the API ({status})")
    search_for(driver, base, listing, "pwned")
    time.sleep(0.3)
    rows = [driver.execute_script(READ_ROW, i) for i in answer["ids"]]
    check(all(r is not None for r in rows), "both are shown")
    check(sorted(r["text"] for r in rows) == sorted(hostile) and all(r["elements"] == 0 for r in rows),
          f"as literal text, no element inside: {[r['text'] for r in rows]}")
    check(driver.execute_script("return typeof window.__pwned") == "undefined", "window.__pwned stays undefined")
    for i in answer["ids"]:
        api_write(base, "DELETE", f"/api/listings/{listing}/items/{i}", token)

    test_keyboard_writes(driver, base, listing)

    # Forgetting the token.
    driver.find_element(By.ID, "forget-token").click()
    check(driver.execute_script("return sessionStorage.getItem('thumbindex.token')") is None
          and not driver.find_element(By.ID, "forget-token").is_displayed(), "'Forget token' forgets it")
    severe = [e for e in browser_log(driver) if e["level"] == "SEVERE"]
    check(not severe, f"no errors in the console while writing{': ' + str(severe) if severe else ''}")


# axe-core itself (axe.min.js, 4.x), as the package axe-playwright-python ships it: only the file is
# used, injected through Selenium (scripts/e2e installs the package without Playwright).
AXE_SOURCE = (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text()
AXE_FINDINGS = {}   # what axe-core found in each state checked: {state: {impact: count}}


def axe_check(driver, what):
    """Runs axe-core on the page as it is (every rule of its default set: WCAG 2.0-2.2 A and AA and
    best practices); fails on any serious or critical violation, naming each rule and the elements
    it found. The counts by impact, the minor and moderate ones too, are kept for the summary."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE_SOURCE)
    results = driver.execute_async_script("""
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r), (e) => done({ error: String(e) }));""")
    if "error" in results:
        raise Failure(f"axe-core did not run {what}: {results['error']}")
    counts = {}
    for v in results["violations"]:
        counts[v["impact"]] = counts.get(v["impact"], 0) + 1
    AXE_FINDINGS[what] = counts
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    found = "; ".join(f"{v['impact']} {v['id']} ({v['help']}): "
                      + ", ".join(" ".join(n["target"]) for n in v["nodes"][:5]) for v in bad)
    others = ", ".join(f"{v['impact']} {v['id']}" for v in results["violations"] if v not in bad)
    check(not bad, f"axe-core: no serious or critical violation {what}{': ' + found if found else ''}"
                   f"{' (also: ' + others + ')' if others else ''}")


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def axe_finds_a_planted_violation(driver):
    """axe-core as injected here does find violations: a button without a name, planted for one
    run and removed, must come back as a critical button-name."""
    driver.execute_script("""const b = document.createElement('button'); b.id = 'axe-plant'; document.body.appendChild(b);""")
    try:
        axe_check(driver, "(a planted button without a name)")
    except Failure as failure:
        check("critical button-name" in str(failure) and "#axe-plant" in str(failure),
              "axe-core finds a planted button without a name (critical button-name)")
        return
    finally:
        driver.execute_script("document.getElementById('axe-plant').remove()")
        AXE_FINDINGS.pop("(a planted button without a name)", None)
    raise Failure("axe-core found nothing wrong with a planted button without a name")


def set_width(driver, width, height=860, phone=False):
    """Emulates a viewport `width` px wide (headless Chromium's windows are at least 500 px wide);
    a phone: a mobile viewport with a touch screen."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5})


def test_accessibility(base, store):
    """axe-core on the page (issue 21, section 5): on load, after a search, with the dial pad, with
    the write controls shown (the add form, a row's actions, the rename editor, the token form),
    in light and dark mode, at 480 and at 390 px wide (a phone). Its own browser, so the emulation
    ends with it."""
    for scheme in ("light", "dark"):
        for width in (480, 390):
            driver = open_browser(width, 860)
            try:
                set_color_scheme(driver, scheme)
                set_width(driver, width, 860, phone=width == 390)
                where = f"({scheme}, {width} px)"
                dark = driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
                check(dark == (scheme == "dark"), f"the page sees prefers-color-scheme: {scheme}")
                page_ready(driver, base)
                check(driver.execute_script("return innerWidth") == width, f"the page is {width} px wide")
                if scheme == "light" and width == 480:
                    axe_finds_a_planted_violation(driver)
                axe_check(driver, f"on load {where}")
                listing = api(base, "/api/listings")["listings"][0]["name"]
                search_for(driver, base, listing, "an")
                axe_check(driver, f"after a search {where}")
                driver.find_element(By.ID, "dialpad").click()
                search_for(driver, base, listing, "")
                driver.find_element(By.ID, "search").send_keys("5646")
                wait_until(driver, lambda: shows_answer_for(driver, base, listing, "5646", dialpad=1), "the dial-pad answer is shown")
                axe_check(driver, f"with the dial pad {where}")
                driver.find_element(By.ID, "search").send_keys("x")
                wait_until(driver, lambda: "dial pad" in state(driver)["count"].lower(), "letters on the dial pad are explained")
                axe_check(driver, f"with the dial pad's message {where}")
                if store:
                    page_ready(driver, store)
                    driver.find_element(By.ID, "add-toggle").click()
                    axe_check(driver, f"with the add form open {where}")
                    first = driver.find_element(By.CSS_SELECTOR, "#scroller .row[data-id]").get_attribute("data-id")
                    driver.find_element(By.CSS_SELECTOR, f'#scroller .row[data-id="{css_escape(first)}"]').click()
                    axe_check(driver, f"with a row's actions shown {where}")
                    row_action(driver, first, "edit")
                    wait_until(driver, lambda: (driver.execute_script(READ_ROW, first) or {}).get("editing"), "the row turns into an editor")
                    axe_check(driver, f"with the rename editor {where}")
                    driver.find_element(By.CSS_SELECTOR, "#scroller .row.editing input").send_keys(Keys.ESCAPE)
                    add_through_form(driver, "Axe Check")   # no token kept in this browser: the token form opens
                    wait_until(driver, lambda: driver.find_element(By.ID, "token-form").is_displayed(), "the token form is shown")
                    axe_check(driver, f"with the token form {where}")
            finally:
                driver.quit()
    print("  ok  accessibility: axe-core finds no serious or critical violation")


# What has the focus: its id, the index entry, the row or section header it is, and its focus ring.
READ_FOCUS = """
const el = document.activeElement;
if (!el || el === document.body) return null;
const style = getComputedStyle(el), scroller = document.getElementById('scroller').getBoundingClientRect();
const r = el.getBoundingClientRect();
return { id: el.id || null, tag: el.tagName, indexTitle: el.dataset.indexTitle || null,
         row: el.classList.contains('row') && el.dataset.row !== undefined ? Number(el.dataset.row) : null,
         itemID: el.classList.contains('row') ? (el.dataset.id || null) : null,
         editor: el.matches('.row.editing input') ? el.value : null,
         section: el.classList.contains('section') ? el.dataset.section : null,
         role: el.getAttribute('role'), level: el.getAttribute('aria-level'),
         top: r.top - scroller.top, bottom: r.bottom - scroller.top, inList: scroller.height > 0 && r.top >= scroller.top - 0.5 && r.bottom <= scroller.bottom + 0.5,
         ring: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor,
                 focusVisible: el.matches(':focus-visible'), zIndex: style.zIndex },
         accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() };
"""


def focused(driver):
    return driver.execute_script(READ_FOCUS)


def press(driver, *keys):
    """Keys pressed on whatever has the focus, as a user does (not sent to an element)."""
    ActionChains(driver).send_keys(*keys).perform()


def ring_visible(f):
    """The focus ring: a solid outline at least 2 px wide, in the accent colour, shown for keyboard focus."""
    ring = f["ring"]
    return ring["focusVisible"] and ring["style"] == "solid" and ring["width"] >= 2 and ring["color"] != "rgba(0, 0, 0, 0)"


def describe(f):
    if f is None:
        return "nothing"
    if f["indexTitle"]:
        return f"index {f['indexTitle']!r}"
    if f["row"] is not None:
        return f"row {f['row']}"
    if f["section"]:
        return f"header {f['section']!r}"
    return f"#{f['id']}" if f["id"] else f["tag"].lower()


def letters_of(whole):
    """The index titles that lead to sections: all but the magnifier and the favourites' star."""
    return [t for t in whole["indexTitles"][1:] if t != "★"]


def test_keyboard(driver, base):
    """The page from the keyboard (issue 21, section 5): the search box is the first Tab stop; Tab
    reaches every letter of the side index (the list is one Tab stop on the way); Enter or Space on
    a letter scrolls to its section and focuses its header; the arrows, Home and End move between
    rows; every stop shows a focus ring."""
    listing = api(base, "/api/listings")["listings"][0]["name"]
    whole = api(base, f"/api/listings/{listing}/sections", limit=0)
    page_ready(driver, base)
    heights = driver.execute_script(READ_HEIGHTS)
    press(driver, Keys.TAB)
    f = focused(driver)
    check(f and f["id"] == "search", f"the first Tab stop is the search box ({describe(f)})")
    check(ring_visible(f), f"the search box shows a focus ring ({f['ring']})")
    stops = []
    for _ in range(len(whole["indexTitles"]) + 10):
        press(driver, Keys.TAB)
        f = focused(driver)
        stops.append(f)
        if f and f["indexTitle"] == whole["indexTitles"][-1]:
            break
    titles = [f["indexTitle"] for f in stops if f and f["indexTitle"]]
    check(titles == whole["indexTitles"], f"Tab reaches every entry of the side index, in order ({len(titles)} of {len(whole['indexTitles'])})")
    rows = [f for f in stops if f and f["row"] is not None]
    check(len(rows) == 1 and rows[0]["row"] == 0, f"the list is one Tab stop on the way, its first row: {' → '.join(map(describe, stops[:len(stops) - len(titles) + 2]))} …")
    names = {t: e.accessible_name for t, e in ((e.get_attribute("data-index-title"), e)
                                               for e in driver.find_elements(By.CSS_SELECTOR, "#index [data-index-title]"))}
    check(names["{search}"] == "Search" and names.get("★", "Favorites") == "Favorites"
          and all(names[t] == t for t in names if t not in ("{search}", "★")),
          f"the index entries are named for a screen reader: {names['{search}']!r}, {names.get('★')!r}, {names[letters_of(whole)[0]]!r} …")
    unringed = [describe(f) for f in stops if f and not ring_visible(f)]
    check(not unringed, f"every Tab stop shows a solid focus ring of 2 px or more{': not ' + ', '.join(unringed) if unringed else ''}")

    # Enter (then Space) on a letter: its section at the top (or the list at its end), the focus on its header.
    entries = {e.get_attribute("data-index-title"): e for e in driver.find_elements(By.CSS_SELECTOR, "#index [data-index-title]")}
    letters = letters_of(whole)
    for title, key in ((letters[len(letters) // 2], Keys.ENTER), (letters[-1], Keys.SPACE), (letters[1], Keys.ENTER)):
        driver.execute_script("arguments[0].focus()", entries[title])
        press(driver, key)
        section = next(x for x in whole["sections"] if x["indexTitle"] == title)
        wait_until(driver, lambda: (focused(driver) or {}).get("section") == section["title"],
                   f"{'Enter' if key == Keys.ENTER else 'Space'} on {title!r} moves the focus to the header {section['title']!r}")
        f, st = focused(driver), state(driver)
        y = section_tops(whole, heights)[whole["sections"].index(section)]
        want = min(y, st["scrollHeight"] - st["viewport"])
        check(st["scrollTop"] == want and abs(f["top"] - (y - want)) < 0.5 and f["inList"],
              f"{'Enter' if key == Keys.ENTER else 'Space'} on {title!r}: section {section['title']!r} is scrolled into view "
              f"(scrollTop {st['scrollTop']:g}), its header focused")
        check(f["role"] == "heading" and f["level"] == "2" and ring_visible(f) and int(f["ring"]["zIndex"]) > 1,
              f"the header is a level-2 heading with a focus ring drawn over the pinned header ({f['ring']})")

    # A screen reader's activation (a click that no pointer began) does the same; a tap or a mouse
    # click scrolls and leaves the focus where it was.
    other = next(x for x in whole["sections"] if x["indexTitle"] == letters[2])
    driver.execute_script("arguments[0].click()", entries[letters[2]])
    check((focused(driver) or {}).get("section") == other["title"], f"a click without a pointer on {letters[2]!r} focuses its header too")
    entries[letters[3]].click()
    target = next(x for x in whole["sections"] if x["indexTitle"] == letters[3])
    wait_until(driver, lambda: state(driver)["pinned"] == target["title"], f"a mouse click on {letters[3]!r} scrolls to it")
    check((focused(driver) or {}).get("section") == other["title"], "a mouse click on a letter moves no focus")
    driver.execute_script("arguments[0].focus()", entries[title])
    press(driver, Keys.ENTER)
    wait_until(driver, lambda: (focused(driver) or {}).get("section") == section["title"], f"Enter on {title!r} again")

    # From the header, Down or Tab goes to its section's first row; the arrows, Home and End move in the list.
    press(driver, Keys.ARROW_DOWN)
    f = focused(driver)
    check(f and f["row"] == section["offset"] and ring_visible(f), f"Down from the header focuses the section's first row ({describe(f)})")
    driver.execute_script("arguments[0].focus()", entries[title])
    press(driver, Keys.ENTER)
    wait_until(driver, lambda: (focused(driver) or {}).get("section") == section["title"], f"Enter on {title!r} again")
    press(driver, Keys.TAB)
    f = focused(driver)
    check(f and f["row"] == section["offset"] and ring_visible(f), f"Tab from the header focuses the section's first row ({describe(f)})")
    press(driver, Keys.ARROW_DOWN)
    press(driver, Keys.ARROW_DOWN)
    press(driver, Keys.ARROW_UP)
    f = focused(driver)
    check(f and f["row"] == section["offset"] + 1 and f["inList"], f"Down, Down, Up: row {section['offset'] + 1} ({describe(f)})")
    press(driver, Keys.END)
    wait_until(driver, lambda: (focused(driver) or {}).get("row") == whole["total"] - 1, "End focuses the last row")
    f = focused(driver)
    check(f["inList"] and f["bottom"] <= state(driver)["viewport"] + 0.5, f"End: the last row ({whole['total'] - 1}) is focused and in view")
    press(driver, Keys.HOME)
    wait_until(driver, lambda: (focused(driver) or {}).get("row") == 0, "Home focuses the first row")
    f = focused(driver)
    check(f["inList"] and f["top"] >= heights["header"] - 0.5, f"Home: row 0 is focused, in view below the pinned header (top {f['top']:g})")
    press(driver, Keys.PAGE_DOWN)
    f = focused(driver)
    check(f and f["row"] and f["row"] > 5 and f["inList"], f"Page Down moves a screenful down, in view ({describe(f)})")
    press(driver, Keys.PAGE_UP)
    check((focused(driver) or {}).get("row") == 0, "Page Up moves back to row 0")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    check((focused(driver) or {}).get("id") == "dialpad", "Shift+Tab leaves the list")
    press(driver, Keys.TAB)
    check((focused(driver) or {}).get("row") == 0, "Shift+Tab out of the list and Tab back: the same row")
    print("  ok  keyboard: Tab order, the side index, the list")


def current_search(driver):
    return driver.execute_script("""return { search: location.search, value: document.getElementById('search').value,
        dialpad: document.getElementById('dialpad').checked, history: history.length };""")


def test_url(driver, base):
    """The URL holds the search (issue 21, section 5): ?listing=…&q=…, rewritten while typing
    without adding history entries; a reload, Back and a shared link show the same search."""
    listing = api(base, "/api/listings")["listings"][0]["name"]
    page_ready(driver, base)
    u = current_search(driver)
    check(u["search"] == f"?listing={urllib.parse.quote(listing)}", f"the URL names the listing: {u['search']!r}")
    box = driver.find_element(By.ID, "search")
    type_keys(box, "ann", 0)
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "ann"), "the page shows the answer for 'ann'")
    wait_until(driver, lambda: current_search(driver)["search"] == f"?listing={listing}&q=ann", "the URL holds q=ann")
    check(current_search(driver)["history"] == u["history"], f"typing adds no history entry (history.length {u['history']})")

    driver.refresh()
    wait_until(driver, lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page is ready after a reload")
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "ann"), "after a reload the page shows the answer for 'ann'")
    check(current_search(driver)["value"] == "ann", "a reload keeps the search box's 'ann'")

    driver.get("about:blank")   # another page (a JSON one would make the browser ask for /favicon.ico)
    driver.back()
    wait_until(driver, lambda: driver.execute_script("return document.body && document.body.dataset.ready") == "true",
               "the page is ready after Back")
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "ann"), "Back from another page shows the answer for 'ann'")
    u = current_search(driver)
    check(u["value"] == "ann" and u["search"] == f"?listing={listing}&q=ann",
          f"Back from another page shows the search 'ann' again ({u['search']!r})")

    # Back and Forward within the page (entries the page adds when another listing is chosen): an
    # entry pushed here, the search typed into it; Back shows 'ann' again (popstate), Forward 'maia'.
    driver.execute_script("history.pushState(null, '', location.href)")
    search_for(driver, base, listing, "maia")
    wait_until(driver, lambda: current_search(driver)["search"] == f"?listing={listing}&q=maia", "the new entry holds q=maia")
    driver.back()
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "ann"), "Back within the page shows the answer for 'ann'")
    check(current_search(driver)["value"] == "ann", "Back within the page (popstate) puts 'ann' back in the search box")
    driver.forward()
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "maia"), "Forward shows the answer for 'maia'")
    check(current_search(driver)["value"] == "maia", "Forward (popstate) puts 'maia' back")

    shared = f"/?listing={urllib.parse.quote(listing)}&q=maia"
    driver.get(urllib.parse.urljoin(base, shared))
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "maia"), f"a shared link {shared} shows the answer for 'maia'")
    check(current_search(driver)["value"] == "maia", f"a shared link ({shared}) shows the search 'maia' in the search box")
    driver.get(urllib.parse.urljoin(base, f"/?listing={urllib.parse.quote(listing)}&q=5646&dialpad=1"))
    wait_until(driver, lambda: shows_answer_for(driver, base, listing, "5646", dialpad=1), "a link with dialpad=1 shows the dial-pad answer")
    check(current_search(driver)["dialpad"], "a link with dialpad=1 turns the dial pad on")
    driver.find_element(By.ID, "search").send_keys(Keys.ESCAPE)
    wait_until(driver, lambda: current_search(driver)["search"] == f"?listing={listing}&dialpad=1", "Escape clears q from the URL")
    driver.find_element(By.ID, "dialpad").click()
    wait_until(driver, lambda: current_search(driver)["search"] == f"?listing={listing}", "the dial pad off: dialpad leaves the URL")
    check(shows_answer_for(driver, base, listing, ""), "clearing the search and the dial pad: ?listing= alone in the URL, the whole listing shown")
    print("  ok  URL: the search in the URL")


def no_sideways_scroll(driver, what):
    widths = driver.execute_script("return [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    check(max(widths[:2]) <= widths[2], f"at {widths[2]} px nothing scrolls sideways {what} (scrollWidth {max(widths[:2])})")


def touch(driver, kind, x, y):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_phone(base, store):
    """At 390 px on a touch screen (issue 21, section 5): no sideways scrolling on load, with long
    messages, with the write controls; a finger dragged along the side index scrolls to the section
    of the letter it stops on, as phone contact lists do."""
    driver = open_browser(480, 844)
    try:
        set_width(driver, 390, 844, phone=True)
        listing = api(base, "/api/listings")["listings"][0]["name"]
        whole = api(base, f"/api/listings/{listing}/sections", limit=0)
        page_ready(driver, base)
        check(driver.execute_script("return innerWidth") == 390, "the page is 390 px wide")
        no_sideways_scroll(driver, "on load")
        search_for(driver, base, listing, "x" * 120)
        no_sideways_scroll(driver, "with a long query without results")
        search_for(driver, base, listing, "")
        no_sideways_scroll(driver, "after clearing the search")

        # Drag a finger from the first letter down to one three quarters of the way.
        heights = driver.execute_script(READ_HEIGHTS)
        entries = driver.find_elements(By.CSS_SELECTOR, "#index [data-index-title]")
        letters = [e for e in entries if e.get_attribute("data-index-title") not in ("{search}", "★")]
        start, stop = letters[0], letters[len(letters) * 3 // 4]
        box = lambda e: driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", e)
        (cx, y0), (_, y1) = box(start), box(stop)
        touch(driver, "touchStart", cx, y0)
        seen = set()
        for i in range(1, 13):
            touch(driver, "touchMove", cx, y0 + (y1 - y0) * i / 12)
            seen.add(state(driver)["pinned"])
        touch(driver, "touchEnd", cx, y1)
        title = stop.get_attribute("data-index-title")
        section = next(x for x in whole["sections"] if x["indexTitle"] == title)
        y = section_tops(whole, heights)[whole["sections"].index(section)]
        st = state(driver)
        want = min(y, st["scrollHeight"] - st["viewport"])
        wait_until(driver, lambda: state(driver)["scrollTop"] == want, f"the drag ends on section {section['title']!r} (scrollTop {want:g})")
        check(len(seen) >= 3, f"dragging a finger from {start.get_attribute('data-index-title')!r} to {title!r} "
                              f"scrolls through the sections on the way ({len(seen)} pinned headers: {' '.join(sorted(seen))}) "
                              f"and stops on {section['title']!r}")
        no_sideways_scroll(driver, "after the drag")
        if store:
            page_ready(driver, store)
            driver.find_element(By.ID, "add-toggle").click()
            no_sideways_scroll(driver, "with the add form open")
            first = driver.find_element(By.CSS_SELECTOR, "#scroller .row[data-id]").get_attribute("data-id")
            row_action(driver, first, "edit")
            wait_until(driver, lambda: (driver.execute_script(READ_ROW, first) or {}).get("editing"), "the row turns into an editor")
            no_sideways_scroll(driver, "with a row's editor")
            driver.find_element(By.CSS_SELECTOR, "#scroller .row.editing input").send_keys(Keys.ESCAPE)
            add_through_form(driver, "Phone Check " + "w" * 100)
            wait_until(driver, lambda: driver.find_element(By.ID, "token-form").is_displayed(), "the token form is shown")
            no_sideways_scroll(driver, "with the token form")
    finally:
        driver.quit()
    print("  ok  phone: no sideways scrolling, dragging along the index")


def test_keyboard_writes(driver, base, listing):
    """Rename and delete from the keyboard (issue 21, section 5): Tab to the list, Enter on a row
    opens its editor, Enter saves, Escape cancels, Delete asks and deletes; the focus comes back to
    the list each time. Needs the token kept in this browser."""
    names = ["Kbd Quorn", "Kbd Zephyr"]
    status, answer = api_write(base, "POST", f"/api/listings/{listing}/items", storedtoken(driver), {"items": [{"text": t} for t in names]})
    check(status == 201, f"{names} are added through the API ({status})")
    ids = dict(zip(names, answer["ids"]))
    page_ready(driver, base)
    press(driver, Keys.TAB)
    shown = driver.execute_script("return ['add-toggle', 'forget-token'].map((id) => !document.getElementById(id).hidden)")
    check(shown == [True, True] and (focused(driver) or {}).get("id") == "search",
          "with the write controls shown (Add, Forget token) the search box is still the first Tab stop")
    search_for(driver, base, listing, "Kbd")
    driver.find_element(By.ID, "search").click()
    for _ in range(8):
        press(driver, Keys.TAB)
        if (focused(driver) or {}).get("row") is not None:
            break
    f = focused(driver)
    check(f and f["itemID"] == ids[names[0]] and ring_visible(f), f"Tab from the search box reaches the list: {describe(f)}, {names[0]!r}")
    row = driver.switch_to.active_element
    check(row.aria_role == "group" and row.accessible_name == names[0]
          and driver.execute_script("return document.getElementById(arguments[0].getAttribute('aria-describedby')).textContent", row)
          == "Enter renames it; Delete deletes it.",
          f"a screen reader hears the row as a group named {row.accessible_name!r}, described by its keys")
    press(driver, Keys.ENTER)
    wait_until(driver, lambda: (focused(driver) or {}).get("editor") == names[0], "Enter on the row opens its editor, focused")
    press(driver, Keys.ESCAPE)
    wait_until(driver, lambda: (focused(driver) or {}).get("itemID") == ids[names[0]], "Escape closes the editor and focuses the row again")
    check(api(base, f"/api/listings/{listing}/items/{ids[names[0]]}")["text"] == names[0], "Escape changed nothing")
    press(driver, Keys.ENTER)
    wait_until(driver, lambda: (focused(driver) or {}).get("editor") == names[0], "Enter opens the editor again")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    renamed = "Kbd Quill"
    press(driver, renamed, Keys.ENTER)
    wait_until(driver, lambda: api(base, f"/api/listings/{listing}/items/{ids[names[0]]}")["text"] == renamed, f"the API has {renamed!r}")
    wait_until(driver, lambda: (focused(driver) or {}).get("itemID") == ids[names[0]], "after the rename the focus is on the renamed row")
    check(driver.execute_script(READ_ROW, ids[names[0]])["text"] == renamed, f"renamed from the keyboard: the row shows {renamed!r}, focused")
    press(driver, Keys.DELETE)
    WebDriverWait(driver, TIMEOUT).until(expected_conditions.alert_is_present())
    alert = driver.switch_to.alert
    check(renamed in alert.text, f"Delete asks first: {alert.text!r}")
    alert.accept()
    wait_until(driver, lambda: api_status(base, f"/api/listings/{listing}/items/{ids[names[0]]}") == 404, f"the API no longer has {renamed!r}")
    wait_until(driver, lambda: (focused(driver) or {}).get("itemID") == ids[names[1]], f"after the delete the focus is on the next row, {names[1]!r}")
    check(state(driver)["total"] == "1", f"deleted from the keyboard; the focus moved to {names[1]!r}")
    press(driver, Keys.DELETE)
    WebDriverWait(driver, TIMEOUT).until(expected_conditions.alert_is_present())
    driver.switch_to.alert.dismiss()
    check(api_status(base, f"/api/listings/{listing}/items/{ids[names[1]]}") == 200
          and (focused(driver) or {}).get("itemID") == ids[names[1]], "Delete, then Cancel: nothing deleted, the row keeps the focus")
    api_write(base, "DELETE", f"/api/listings/{listing}/items/{ids[names[1]]}", storedtoken(driver))


def storedtoken(driver):
    return driver.execute_script("return sessionStorage.getItem('thumbindex.token')")


def search_value(driver):
    return driver.find_element(By.ID, "search").get_attribute("value")


def css_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--big", help="a server whose largest listing has 1M+ rows")
    parser.add_argument("--store", help="a server with a store (the bundled contacts) that takes writes")
    parser.add_argument("--token-file", help="the file holding the --store server's token")
    parser.add_argument("--screenshot", help="where to save a screenshot of the page")
    args = parser.parse_args()
    driver = open_browser(480, 860)
    try:
        test_contacts(driver, args.url, args.screenshot)
        if any(l["name"] == "contacts" for l in api(args.url, "/api/listings")["listings"]):
            test_people(driver, args.url)
        if args.big:
            test_big(driver, args.big)
        test_keyboard(driver, args.url)
        test_url(driver, args.url)
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not logs, f"no errors in the browser console{': ' + str(logs) if logs else ''}")
        if args.store:
            with open(args.token_file) as f:
                test_writes(driver, args.store, f.read().strip())
        test_accessibility(args.url, args.store)
        test_phone(args.url, args.store)
        summary = {}
        for counts in AXE_FINDINGS.values():
            for impact, n in counts.items():
                summary[impact] = summary.get(impact, 0) + n
        print(f"{AXE_SOURCE[3:AXE_SOURCE.index(chr(10))].strip()}: {len(AXE_FINDINGS)} states checked; "
              f"violations by impact over all of them: {summary or 'none'}")
    except Failure as failure:
        print(f"FAIL {failure}", file=sys.stderr)
        try:
            driver.save_screenshot("/tmp/thumbindex-browser-failure.png")
            print("     screenshot of the failure: /tmp/thumbindex-browser-failure.png", file=sys.stderr)
        except Exception:
            pass
        return 1
    finally:
        driver.quit()
    print("browser test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
