#!/usr/bin/env python3
"""The organiser's pages in a real browser (issue 25 §3).

Starts an EMPTY qiwangd (free ports, a temporary data folder, a manual 2016
clock) and drives Debian's headless chromium (zh-CN) through chromium-driver
and python3-selenium, in Chinese (?lang=zh):
  - the organiser signs in at /officials/new and creates the event from the
    2016 template (the first offered) with its first round a week later, and
    lands on the new tournament's organiser page (R1.1);
  - amends a station quota, which the server keeps;
  - asks for a section of 20,000 places: the refusal is shown at that
    section's places field and in the status region, and nothing changes;
  - reads the rounds' schedule, moved with the first day.
A screenshot of the organiser page at 360 px goes to --out. Nothing is
downloaded. Exit status 0 when every check holds.

usage: organiser_browser_test.py --qiwangd PATH --out DIR
"""
import json
import sys
import tempfile
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_test import (TOURNAMENT, arguments, browser, check,
                          fragment_settled, screenshot, start_qiwangd, stop_qiwangd, text_of,
                          wait_for_file, write_tokens)


def config_of(web):
    """The tournament's configuration as GetTournament answers it."""
    request = urllib.request.Request(
        f"{web}/qiwang.v1.TournamentService/GetTournament",
        data=json.dumps({"tournamentId": TOURNAMENT}).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": "Bearer tok-organiser"},
        method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)["config"]


def set_field(driver, selector, value):
    """Types `value` into the field at `selector` (date inputs included)."""
    driver.execute_script(
        "const f = document.querySelector(arguments[0]);"
        "f.value = arguments[1];", selector, value)


def submit_and_wait(driver, form_selector):
    """Submits the form and waits for the server's answer in the status
    region."""
    driver.execute_script(
        "document.getElementById('action-status').textContent = '';"
        "document.querySelector(arguments[0]).requestSubmit();",
        form_selector)
    WebDriverWait(driver, 20).until(lambda d: text_of(
        d, "#action-status") not in ("", "…"))
    fragment_settled(driver)


def organiser_form(driver):
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#amend-form"))


def open_create_form(driver, web):
    """The organiser signs in at /officials/new, in Chinese."""
    driver.get(f"{web}/officials/new?lang=zh")
    driver.find_element(By.ID, "token").send_keys("tok-organiser")
    driver.find_element(By.CSS_SELECTOR, "#sign-in button").click()
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#create-form"))


def create_from_template(driver, first_day=None):
    """Creates TOURNAMENT from the first template, its first round on
    `first_day` (the template's when None), and waits for its organiser
    page."""
    set_field(driver, "[name='config.id']", TOURNAMENT)
    set_field(driver, "[name='config.name.zh']", "2016 四川棋王赛")
    set_field(driver, "[name='config.name.en']", "Sichuan Xiangqi King")
    if first_day:
        set_field(driver, "[name=firstDay]", first_day)
    set_field(driver, "[name=reason]", "从模板创建")
    driver.execute_script(
        "document.getElementById('create-form').requestSubmit()")
    WebDriverWait(driver, 20).until(
        lambda d: f"/officials/{TOURNAMENT}" in d.current_url)
    organiser_form(driver)


def main():
    args = arguments("qiwangd", "out")
    folder = tempfile.mkdtemp(prefix="qiwang-organiser-")
    server = start_qiwangd(args.qiwangd, folder, write_tokens(folder))
    driver = None
    try:
        web = "http://127.0.0.1:" + wait_for_file(f"{folder}/http.port",
                                                  server)
        driver = browser()
        open_create_form(driver, web)
        template = Select(driver.find_element(By.ID, "template"))
        check(template.first_selected_option.get_attribute("value") ==
              TOURNAMENT and "四川赛区" in template.first_selected_option.text,
              "the 2016 configuration is the first template, named in Chinese")
        create_from_template(driver, "2016-10-21")
        check("2016 四川棋王赛" in text_of(driver, "h1"),
              "created, the organiser lands on the new tournament's page")
        created = config_of(web)
        check(created["schedule"][0]["starts"] == "2016-10-21T01:30:00Z" and
              len(created["sections"]) == 9,
              "the template's sections, every date a week later")

        # A station quota amended: the server keeps it.
        city = "[name='config.stationQuotas.0.qualifiers']"
        set_field(driver, city, "14")
        set_field(driver, "#amend-form [name=reason]", "增加名额")
        saved_form = driver.find_element(By.CSS_SELECTOR, "#amend-form")
        submit_and_wait(driver, "#amend-form")
        check(text_of(driver, "#action-status") == "已保存",
              "an amendment is saved, in Chinese")
        # The page then renders the form again from the server's config: wait
        # for the new one, or the next entry is typed into the old.
        WebDriverWait(driver, 20).until(EC.staleness_of(saved_form))
        organiser_form(driver)
        check(config_of(web)["stationQuotas"][0]["qualifiers"] == 14,
              "the city stations' quota is now 14")

        # R1.1: a refused amendment, shown at its field; nothing changes.
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "const f = document.querySelector(arguments[0]);"
            "return f && f.value === '14';", city))
        places = "[name='config.sections.1.maxPlayers']"
        set_field(driver, places, "20000")
        set_field(driver, "#amend-form [name=reason]", "扩大场地")
        submit_and_wait(driver, "#amend-form")
        at_field = driver.execute_script(
            "const f = document.querySelector(arguments[0]);"
            "const p = f.closest('label').nextElementSibling;"
            "return p && p.classList.contains('field-refusal') ?"
            "    p.textContent : '';", places)
        check(at_field == "组别 2 的人数上限须为 1 至 10000，或 0（即 10000）；"
              "填写的是 20000。",
              f"the refusal is shown at the places field, in Chinese: {at_field}")
        check(driver.find_element(By.CSS_SELECTOR, places).is_displayed(),
              "the field refused is unfolded for the organiser to see")
        check(at_field == text_of(driver, "#action-status"),
              "and in the status region")
        check(config_of(web)["sections"][1].get("maxPlayers", 0) == 0,
              "the refused amendment changed nothing")

        # The rounds' schedule, moved with the first day.
        rows = driver.find_elements(By.CSS_SELECTOR, "#schedule tbody tr")
        first = rows[0].find_element(By.CSS_SELECTOR, "input")
        check(len(rows) == 11 and first.get_attribute("value") ==
              "2016-10-21T09:30:00+08:00",
              "the schedule lists 11 rounds, the first on 21 October at 9:30")
        driver.set_window_size(360, 900)
        check(driver.execute_script(
            "return document.documentElement.scrollWidth <= innerWidth"),
            "no horizontal overflow at 360 px")
        screenshot(driver, args.out, "officials-organiser-zh", 360)
    finally:
        if driver is not None:
            driver.quit()
        stop_qiwangd(server, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
