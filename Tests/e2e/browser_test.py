#!/usr/bin/env python3
"""The page of `thumbindex serve` in a real browser (headless Chromium through Selenium).

    browser_test.py URL [--big URL] [--screenshot PATH]

URL serves the bundled contacts (`thumbindex serve`); --big, optionally, a listing of a million
rows or more (any name). Every check compares what the page shows with what the JSON API answers
for the same query, so the API is the oracle. Exits non-zero on the first failed check.
"""
import argparse
import json
import sys
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
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
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# What the page shows, read in one round trip.
READ_STATE = """
const scroller = document.getElementById('scroller');
const box = scroller.getBoundingClientRect();
const visible = (el) => { const r = el.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; };
const rows = [...document.querySelectorAll('[data-row]')]
  .map((el) => ({ row: Number(el.dataset.row), text: el.textContent, top: el.getBoundingClientRect().top - box.top,
                  marks: [...el.querySelectorAll('mark')].map((m) => m.textContent), visible: visible(el) }))
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


def expected_rows(base, listing, q, offset, limit):
    """Rows [offset, offset+limit) of the filtered listing as the API gives them: {row: (text, marks)}."""
    answer = api(base, f"/api/listings/{listing}/sections", q=q, offset=offset, limit=limit)
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


def shows_answer_for(driver, base, listing, q):
    """Whether the page shows exactly what the API answers for q (count, visible rows, marks, headers)."""
    s = state(driver)
    answer, rows = expected_rows(base, listing, q, 0, 100)
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
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).move_to_element(entries[1]).click_and_hold().move_to_element(last_entry).release().perform()
    final = whole["sections"][-1]
    wait_until(driver, lambda: any(x["title"] == final["title"] and x["visible"] for x in state(driver)["sections"]),
               f"dragging down the index reaches the last section {final['title']!r}")
    st = state(driver)
    check(any(x["title"] == final["title"] and x["visible"] for x in st["sections"]),
          f"dragging the index from {entries[1].get_attribute('data-index-title')!r} to the end shows {final['title']!r}")


def css_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--big", help="a server whose largest listing has 1M+ rows")
    parser.add_argument("--screenshot", help="where to save a screenshot of the page")
    args = parser.parse_args()
    driver = open_browser(480, 860)
    try:
        test_contacts(driver, args.url, args.screenshot)
        if args.big:
            test_big(driver, args.big)
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not logs, f"no errors in the browser console{': ' + str(logs) if logs else ''}")
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
