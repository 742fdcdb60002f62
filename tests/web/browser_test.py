#!/usr/bin/env python3
"""The public pages in a real browser (issue 15 §3).

Starts a real qiwangd (free ports, a temporary data folder, a manual 2016
clock), plays a short 2016 event through the `qiwang` CLI (the demo, open men
only, stopped after round 2, then round 3 paired), and drives Debian's
headless chromium through chromium-driver and python3-selenium:
  - the home page loads in Chinese and in English;
  - find-my-board finds a player by name;
  - a result recorded through the CLI appears on an open standings page
    without a reload (waits on the DOM, never sleeps);
  - with JavaScript off the standings page is whole;
  - screenshots at 360 and 1280 px go to --out.
Nothing is downloaded. Exit status 0 when every check holds.

usage: browser_test.py --qiwangd PATH --qiwang PATH --out DIR
"""
import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TOURNAMENT = "sichuan-2016"
ROLES = ["organiser", "registrar", "arbiter", "chief_arbiter",
         "pairing_officer", "arbitration_committee", "replica"]


def wait_for_file(path, process, timeout=30):
    """Waits until qiwangd has written `path` (its bound port)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"qiwangd exited with {process.returncode}")
        if os.path.exists(path) and open(path).read().strip():
            return open(path).read().strip()
        time.sleep(0.05)
    raise RuntimeError(f"qiwangd did not write {path}")


def write_tokens(folder, entries=None):
    """A tokens file in `folder` of `entries` (token, user, roles), by
    default tok-ROLE for each role; answers its path."""
    if entries is None:
        entries = [(f"tok-{role}", role, role) for role in ROLES]
    tokens = os.path.join(folder, "tokens")
    with open(os.open(tokens, os.O_WRONLY | os.O_CREAT, 0o600), "w") as out:
        for token, user, roles in entries:
            out.write(f"{token} {user} {roles}\n")
    return tokens


def start_qiwangd(qiwangd, folder, tokens):
    """qiwangd on free ports over `folder`, its output in qiwangd.log."""
    return subprocess.Popen(
        [qiwangd, f"--data_dir={folder}/data",
         "--listen=127.0.0.1:0", f"--port_file={folder}/grpc.port",
         "--http_listen=127.0.0.1:0", f"--http_port_file={folder}/http.port",
         f"--tokens={tokens}", f"--http_tournaments={TOURNAMENT}",
         "--clock=manual:2016-09-01T10:00:00+08:00"],
        stdout=open(os.path.join(folder, "qiwangd.log"), "w"),
        stderr=subprocess.STDOUT)


def arguments(*names):
    """The command line's required --NAME options; the --out folder is
    made."""
    parser = argparse.ArgumentParser()
    for name in names:
        parser.add_argument(f"--{name}", required=True)
    args = parser.parse_args()
    if "out" in names:
        os.makedirs(args.out, exist_ok=True)
    return args


@contextlib.contextmanager
def qiwangd_session(qiwangd, prefix, entries=None):
    """qiwangd over a temporary folder with write_tokens(folder, entries),
    as (folder, tokens path, server, drivers). The browsers the test adds
    to drivers quit at the end; on a failure qiwangd's last words and each
    browser's address and text are printed first."""
    folder = tempfile.mkdtemp(prefix=prefix)
    tokens = write_tokens(folder, entries)
    server = start_qiwangd(qiwangd, folder, tokens)
    drivers = []
    try:
        yield folder, tokens, server, drivers
    except Exception:
        print(open(os.path.join(folder, "qiwangd.log")).read()[-3000:],
              file=sys.stderr)
        for driver in drivers:
            print(f"--- {driver.current_url}\n"
                  f"{driver.find_element(By.TAG_NAME, 'body').text[:3000]}",
                  file=sys.stderr)
        raise
    finally:
        for driver in drivers:
            driver.quit()
        stop_qiwangd(server, folder)


def stop_qiwangd(server, folder):
    server.terminate()
    server.wait(timeout=30)
    shutil.rmtree(folder, ignore_errors=True)


def play_demo(qiwang, server, folder, tokens, *options):
    """The demo's 12 open men through the CLI, 3 rounds (`options` may stop
    it earlier); answers qiwangd's gRPC address and HTTP URL."""
    grpc = "127.0.0.1:" + wait_for_file(f"{folder}/grpc.port", server)
    web = "http://127.0.0.1:" + wait_for_file(f"{folder}/http.port", server)
    subprocess.run(
        [qiwang, "demo", f"--tokens={tokens}", f"--server={grpc}",
         "--sizes=open-men=12", "--rounds=3", *options, "--lang=en"],
        check=True, capture_output=True, timeout=120)
    return grpc, web


def play_to_round_two(qiwang, server, folder, tokens):
    """play_demo stopped after round 2 of 3."""
    return play_demo(qiwang, server, folder, tokens, "--stop-after-round=2")


def run_cli(qiwang, grpc_address, role, *args):
    result = subprocess.run(
        [qiwang, *args, f"--server={grpc_address}", f"--token=tok-{role}",
         "--lang=en"],
        capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"qiwang {' '.join(args)}: {result.stderr}")
    return result.stdout


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    # A browser in China: Accept-Language zh-CN first.
    prefs = {"intl.accept_languages": "zh-CN,zh,en"}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", "--lang=zh-CN"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=options)


def screenshot(driver, out, name, width):
    driver.set_window_size(width, 900)
    # The whole page, as tall as it is at this width.
    height = driver.execute_script(
        "return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height, 600), 4000))
    driver.save_screenshot(os.path.join(out, f"{name}-{width}.png"))


def text_of(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? e.textContent : '';", selector)


def contrasts(driver, selector):
    """(class, contrast ratio) of each element at `selector` against the
    first opaque background behind it (WCAG 2 relative luminance)."""
    return driver.execute_script(
        """const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
           const lum = ([r, g, b]) => {
             const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 :
                                Math.pow((v + 0.055) / 1.055, 2.4); };
             return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
           };
           const back = (e) => {
             for (; e; e = e.parentElement) {
               const c = rgb(getComputedStyle(e).backgroundColor);
               if (c.length < 4 || c[3] > 0) return c;
             }
             return [255, 255, 255];
           };
           return [...document.querySelectorAll(arguments[0])].map((e) => {
             const a = lum(rgb(getComputedStyle(e).color));
             const b = lum(back(e));
             return [e.className,
                     (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
           });""", selector)


def score_of(driver, name):
    """`name`'s score on the open standings page, read in one script call
    (the live script may swap the fragment in at any moment)."""
    score = driver.execute_script(
        """for (const row of document.querySelectorAll(
               '#standings-table tbody tr')) {
             const a = row.querySelector('td a');
             if (a && a.textContent === arguments[0]) {
               return row.querySelector('td.score').textContent;
             }
           }
           return null;""", name)
    if score is None:
        raise AssertionError(f"{name} not in the standings")
    return int(score)


def fragment_settled(driver, timeout=20):
    """Waits until the officials' page has no fragment on its way (the page
    marks #fragment aria-busy while one is): elements found before a swap
    are gone after it."""
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "const f = document.getElementById('fragment');"
        "return !f || !f.hasAttribute('aria-busy');"))


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"ok: {message}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--qiwangd", required=True)
    parser.add_argument("--qiwang", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="qiwang-browser-")
    tokens = write_tokens(folder)
    server = start_qiwangd(args.qiwangd, folder, tokens)
    driver = None
    try:
        grpc, web = play_to_round_two(args.qiwang, server, folder, tokens)
        driver = browser()
        wait = WebDriverWait(driver, 20)
        home = f"{web}/t/{TOURNAMENT}"

        # The home page follows the event: round 3 published through the
        # CLI shows on the open page, without a reload.
        driver.get(f"{home}?lang=en")
        wait.until(lambda d: "connected" in d.find_element(
            By.ID, "live").get_attribute("class"))
        driver.execute_script("window.qiwangNotReloaded = true")
        check("Pairings 2" in text_of(driver, "#live table.sections"),
              "the home page opens on round 2")
        run_cli(args.qiwang, grpc, "pairing_officer", "round", "pair",
                f"--tournament={TOURNAMENT}", "--section=open-men",
                "--round=3")
        wait.until(lambda d: "Pairings 3" in d.execute_script(
            "return document.querySelector('#live table.sections')"
            ".textContent"))
        check(driver.execute_script("return window.qiwangNotReloaded"),
              "the home page showed round 3 without a reload")

        # The pages in Chinese (the browser's language) and in English.
        driver.get(home)
        check("四川赛区" in driver.title,
              f"home in Chinese by Accept-Language ({driver.title})")
        check("公开组男子" in driver.page_source, "sections named in Chinese")
        check(re.fullmatch(r"截至 \d{1,2}月\d{1,2}日 \d\d:\d\d",
                           text_of(driver, "#as-of")),
              f"the home page says when ({text_of(driver, '#as-of')})")
        screenshot(driver, args.out, "home-zh", 360)
        screenshot(driver, args.out, "home-zh", 1280)
        driver.find_element(By.ID, "lang-toggle").click()
        wait.until(lambda d: "Sichuan division" in d.title)
        check("In play" in driver.page_source, "the toggle gives English")
        screenshot(driver, args.out, "home-en", 360)
        driver.get(f"{web}/?lang=en")
        check(f"/t/{TOURNAMENT}" in driver.page_source,
              "the root lists the tournament")

        # Find my board: a name taken from round 3's pairings.
        driver.get(f"{home}/pairings/open-men/3?lang=en")
        screenshot(driver, args.out, "pairings-en", 360)
        screenshot(driver, args.out, "pairings-en", 1280)
        red = driver.find_element(
            By.CSS_SELECTOR, "#pairings-table tbody tr td.red a").text
        black = driver.find_element(
            By.CSS_SELECTOR, "#pairings-table tbody tr td.black a").text
        driver.get(f"{home}?lang=en")
        field = driver.find_element(By.CSS_SELECTOR, "form.find input[name=q]")
        field.send_keys(red)
        field.submit()
        wait.until(lambda d: d.find_elements(By.ID, "found"))
        found = driver.find_element(By.ID, "found").text
        check(red in found and black in found,
              f"find-my-board finds {red} and their opponent {black}")
        screenshot(driver, args.out, "find-en", 360)

        # A result through the CLI shows on the open standings page, live.
        driver.get(f"{home}/standings/open-men?lang=en")
        wait.until(lambda d: "connected" in d.find_element(
            By.ID, "live").get_attribute("class"))
        driver.execute_script("window.qiwangNotReloaded = true")
        # The live script may swap the fragment in at any moment, so the page
        # is read in one script call, never through element references that
        # a swap makes stale.
        def as_of(d):
            return int(d.execute_script(
                "return document.getElementById('as-of').dataset.position"))

        before = as_of(driver)

        red_before = score_of(driver, red)
        answer = run_cli(args.qiwang, grpc, "arbiter", "result", "record",
                         f"--tournament={TOURNAMENT}", "--section=open-men",
                         "--round=3", "--board=1", "--result=1-0")
        position = int(re.search(r"last position\s+(\d+)", answer).group(1))
        check(position > before, "the CLI recorded the result")
        wait.until(lambda d: as_of(d) >= position)
        check(score_of(driver, red) == red_before + 2,
              f"{red}'s win shows on the open page ({red_before} -> "
              f"{red_before + 2})")
        check(driver.execute_script("return window.qiwangNotReloaded"),
              "without a reload")
        # It came as a line patch (only the rows that changed), which the
        # live script applied to the fragment it was last sent.
        patches = driver.execute_script(
            "return document.getElementById('live').dataset.patches")
        check(int(patches or 0) >= 1,
              f"the result came as a line patch ({patches} applied)")
        # What the patches built is what the server renders whole.
        # (The page holds its fragment between two newlines of its own.)
        patched = driver.execute_script(
            "return document.getElementById('live').innerHTML").strip()
        driver.get(f"{home}/standings/open-men?lang=en")
        fresh = driver.execute_script(
            "return document.getElementById('live').innerHTML").strip()
        differ = next((i for i, (a, b) in enumerate(zip(patched, fresh))
                       if a != b), min(len(patched), len(fresh)))
        check(fresh == patched,
              "the patched standings equal a fresh page's (first difference "
              f"at {differ} of {len(patched)} and {len(fresh)}: "
              f"{patched[max(differ - 80, 0):differ + 80]!r} against "
              f"{fresh[max(differ - 80, 0):differ + 80]!r})")
        screenshot(driver, args.out, "standings-en", 360)
        screenshot(driver, args.out, "standings-en", 1280)
        # The hall screen: a page fits the screen whole, at 1080p and 720p.
        for width, height in ((1920, 1080), (1280, 720)):
            driver.set_window_size(width, height)
            for page in ("standings/open-men", "pairings/open-men"):
                driver.get(f"{home}/{page}?lang=zh&display=1")
                fits = driver.execute_script(
                    """const main = document.querySelector('main');
                       const table = document.querySelector('main table');
                       const box = table.parentElement;
                       return main.getBoundingClientRect().bottom <=
                                  window.innerHeight &&
                              table.getBoundingClientRect().bottom <=
                                  window.innerHeight &&
                              table.scrollWidth <= box.clientWidth;""")
                check(fits, f"the hall screen's {page} fits {width}x{height}")
                check("四川赛区" in text_of(driver, ".hall-bar") and
                      driver.find_element(By.ID, "hall-clock").text,
                      f"the hall screen names the event and the time "
                      f"({text_of(driver, '.hall-bar')})")
            driver.save_screenshot(os.path.join(
                args.out, f"standings-display-zh-{width}x{height}.png"))
        # Greys people read (pending results, withdrawn rows) meet WCAG AA.
        driver.set_window_size(1280, 900)
        driver.get(f"{home}/pairings/open-men?lang=zh")
        for selector, ratio in contrasts(driver, "td.pending, .no, .pts"):
            check(ratio >= 4.5, f"{selector} contrast {ratio:.2f} < 4.5")
        driver.quit()

        # With JavaScript off the pages are whole, only not live.
        driver = browser(javascript=False)
        driver.get(f"{home}/standings/open-men?lang=en")
        check(score_of(driver, red) == red_before + 2 and
              "connected" not in driver.find_element(
                  By.ID, "live").get_attribute("class"),
              "the standings read the same with JavaScript off")
        print(f"screenshots in {args.out}")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        stop_qiwangd(server, folder)


if __name__ == "__main__":
    sys.exit(main())
