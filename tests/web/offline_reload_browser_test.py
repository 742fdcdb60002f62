#!/usr/bin/env python3
"""The arbiter's page reloaded without a network (issue 25 §2).

Chromium reaches a real qiwangd only through a TCP forwarder this test runs
on a free port of its own; "offline" is the forwarder closing its listener
and every connection, so nothing can reach the server around a reload (the
emulation of commit 8004db0 could not promise that). Offline, the page
reloads from its service worker's copy, the boards from the tab's session,
the queue intact; a result queued then lands exactly once when the
forwarder listens again on the same port.
"""

import argparse
import os
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_test import (ROLES, check, play_to_round_two, run_cli,
                          screenshot, start_qiwangd, stop_qiwangd,
                          write_tokens)
from forwarder import Forwarder
from officials_browser_test import browser, open_section, pending, tap
from officials_browser_test import result_rulings as officials_rulings

TOURNAMENT = "sichuan-2016"


def result_rulings(web, board):
    """Round 3's rulings on `board`, read past the forwarder (this test's
    tokens are browser_test's)."""
    return officials_rulings(web, board, "tok-chief_arbiter")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--qiwangd", required=True)
    parser.add_argument("--qiwang", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    assert "arbiter" in ROLES
    folder = tempfile.mkdtemp(prefix="qiwang-offline-")
    tokens = write_tokens(folder)
    server = start_qiwangd(args.qiwangd, folder, tokens)
    driver = None
    try:
        grpc, web = play_to_round_two(args.qiwang, server, folder, tokens)
        run_cli(args.qiwang, grpc, "pairing_officer", "round", "pair",
                f"--tournament={TOURNAMENT}", "--section=open-men",
                "--round=3")
        forwarder = Forwarder(int(web.rsplit(":", 1)[1]))
        forwarder.start()
        through = f"http://127.0.0.1:{forwarder.port}"

        driver = browser()
        wait = WebDriverWait(driver, 20)
        driver.get(f"{through}/officials/{TOURNAMENT}?lang=en")
        driver.find_element(By.ID, "token").send_keys("tok-arbiter")
        driver.find_element(By.CSS_SELECTOR, "#sign-in button").click()
        wait.until(lambda d: d.find_element(By.ID, "signed-in").is_displayed())
        open_section(driver, "#arbiter form.my-tables", "round 3")
        # The page has put itself under its service worker, with a copy.
        wait.until(lambda d: d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "caches.match(location.href).then((copy) => done("
            "!!copy && !!navigator.serviceWorker.controller));"))

        # The network is cut for real; a result waits on the device.
        forwarder.stop()
        tap(driver, 2, "GAME_RESULT_BLACK_WIN")
        wait.until(lambda d: pending(d) == 1 and
                   d.find_element(By.ID, "offline").is_displayed())
        driver.refresh()
        wait.until(lambda d: d.execute_script(
            "const c = document.getElementById('pending-count');"
            "return !!c && c.textContent === '1' && !!document.querySelector("
            "'.board-card[data-board=\"2\"] .queued-mark') &&"
            "!!document.querySelector('.board-card[data-board=\"3\"]');"))
        check(driver.find_element(By.ID, "offline").is_displayed(),
              "reloaded offline, the page, its boards and its queue are back")
        tap(driver, 3, "GAME_RESULT_DRAW")
        wait.until(lambda d: pending(d) == 2)
        screenshot(driver, args.out, "arbiter-reloaded-offline", 360)
        check(not result_rulings(web, 2) and not result_rulings(web, 3),
              "nothing reached the server while offline")

        # The network is back on the same port: each result lands once.
        forwarder.start()
        WebDriverWait(driver, 60).until(lambda d: pending(d) == 0)
        check(len(result_rulings(web, 2)) == 1 and
              len(result_rulings(web, 3)) == 1,
              "back online, both queued results landed exactly once")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        stop_qiwangd(server, folder)


if __name__ == "__main__":
    sys.exit(main())
