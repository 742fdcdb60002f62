#!/usr/bin/env python3
"""The registrar's page in a real browser (issue 25 §3).

Starts a real qiwangd (free ports, a temporary data folder, a manual clock
before the 2016 registration deadline), creates the 2016 tournament through
the `qiwang` CLI, and drives Debian's headless chromium through
chromium-driver and python3-selenium as the registrar (tok-registrar):
  - a CSV file with a bad line is refused naming the line and the field;
  - uploads a station's ranking as an .xlsx (R3: written here by openpyxl,
    birth dates as date cells; the page sends its bytes unchanged) and sees
    its qualifiers missing;
  - registers a qualifier, the section they enter appearing as the birth
    date is typed (R2.2), and they leave the missing list;
  - a birth date the chosen section does not admit is refused naming R2.2,
    as typed and again by the server;
  - withdraws the player, and the section's count goes down.
Nothing is downloaded. Exit status 0 when every check holds.

usage: registrar_browser_test.py --qiwangd PATH --qiwang PATH --config FILE
"""
import argparse
import datetime
import os
import sys
import tempfile

import openpyxl

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_test import (check, run_cli, start_qiwangd, stop_qiwangd,
                          wait_for_file, write_tokens)
from officials_browser_test import (action_answer, browser, click, sign_in,
                                    text)

RANKING = ("rank,name,id_number,birth_date,gender\n"
           "1,Liu Bei,510700198001010011,1980-01-01,m\n"
           "2,\"Zhang, Fei\",510700198202020022,1982-02-02,m\n")


def fragment_holds(driver, words):
    """Waits until the registrar's fragment shows `words`."""
    WebDriverWait(driver, 20).until(
        lambda d: words in text(d, "registrar"))


def type_into(form, name, value):
    field = form.find_element(By.NAME, name)
    field.clear()
    field.send_keys(value)


def upload(driver, path):
    form = driver.find_element(By.ID, "ranking-form")
    type_into(form, "station", "mianyang")
    Select(form.find_element(By.NAME, "kind")).select_by_value("city")
    # A date field's typing is the browser's locale: set its value.
    driver.execute_script("arguments[0].value = '2016-06-12'",
                          form.find_element(By.NAME, "date"))
    form.find_element(By.NAME, "file").send_keys(path)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def write_workbook(path):
    """RANKING as a station's spreadsheet: a Chinese heading, ranks as
    numbers, birth dates as date cells."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["名次", "姓名", "身份证号", "出生日期", "性别"])
    sheet.append([1, "Liu Bei", "510700198001010011",
                  datetime.date(1980, 1, 1), "m"])
    sheet.append([2, "Zhang, Fei", "510700198202020022",
                  datetime.date(1982, 2, 2), "m"])
    book.save(path)


def section_shown(driver, words):
    WebDriverWait(driver, 20).until(
        lambda d: words in text(d, "register-section"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--qiwangd", required=True)
    parser.add_argument("--qiwang", required=True)
    parser.add_argument("--config", required=True)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="qiwang-registrar-")
    tokens = write_tokens(folder)
    server = start_qiwangd(args.qiwangd, folder, tokens)
    driver = None
    try:
        grpc = "127.0.0.1:" + wait_for_file(f"{folder}/grpc.port", server)
        web = "http://127.0.0.1:" + wait_for_file(f"{folder}/http.port",
                                                  server)
        run_cli(args.qiwang, grpc, "organiser", "tournament", "create",
                f"--config={args.config}")
        good = os.path.join(folder, "mianyang.xlsx")
        write_workbook(good)
        bad = os.path.join(folder, "mianyang-bad.csv")
        with open(bad, "w") as out:
            out.write(RANKING + "3,Guan Yu,5107,1983-13,m\n")

        driver = browser()
        sign_in(driver, web, "tok-registrar")
        click(driver, '#role-tabs button[data-page="registrar"]')
        WebDriverWait(driver, 20).until(
            lambda d: d.find_elements(By.ID, "ranking-form"))

        upload(driver, bad)
        action_answer(driver, "mianyang-bad.csv:4 birth_date")
        check("1983-13" in text(driver, "action-status"),
              "a bad line is refused naming the file's line and field")
        upload(driver, good)
        action_answer(driver, "Recorded station mianyang · 2 players")
        fragment_holds(driver, "Zhang, Fei")
        check("Liu Bei" in text(driver, "registrar"),
              "the station's qualifiers are listed as still missing (R3)")

        form = driver.find_element(By.ID, "register-form")
        Select(form.find_element(By.NAME, "residency")).select_by_value(
            "RESIDENCY_NATIVE")
        form.find_element(By.NAME, "insuranceConfirmed").click()
        type_into(form, "person.name", "Liu Bei")
        type_into(form, "person.idNumber", "510700198001010011")
        Select(form.find_element(By.NAME, "person.gender")).select_by_value(
            "GENDER_MALE")
        type_into(form, "person.birthDate.year", "1980")
        type_into(form, "person.birthDate.month", "1")
        check(text(driver, "register-section") == "",
              "nothing is derived before the birth date is whole")
        type_into(form, "person.birthDate.day", "1")
        section_shown(driver, "Enters section Open men")
        print("ok: the section appears as the birth date is typed (R2.2)")
        Select(form.find_element(By.NAME, "sectionId")).select_by_value(
            "open-men")
        type_into(form, "person.birthDate.year", "1950")
        section_shown(driver, "R2.2: born 1950-01-01, section open-men")
        check("senior-men fits" in text(driver, "register-section"),
              "an ineligible birth date is refused as typed, naming R2.2")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        action_answer(driver, "R2.2")
        print("ok: and the server refuses it naming R2.2")

        type_into(form, "person.birthDate.year", "1980")
        section_shown(driver, "Enters section Open men")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        action_answer(driver, "Done")
        WebDriverWait(driver, 20).until(
            lambda d: "Liu Bei" not in css(d, "table.missing"))
        check("Open men1" in css(driver, "#section-counts"),
              "the registered qualifier leaves the missing list")

        withdraw = driver.find_element(By.ID, "withdraw-form")
        Select(withdraw.find_element(By.NAME, "playerId")).select_by_visible_text(
            "1 · Liu Bei · Open men")
        type_into(withdraw, "reason", "ill")
        withdraw.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(driver, 20).until(
            lambda d: "Open men0" in css(d, "#section-counts"))
        print("ok: a withdrawn player leaves the section's count")
    finally:
        if driver is not None:
            driver.quit()
        stop_qiwangd(server, folder)
    return 0


def css(driver, selector):
    """The text of every element at `selector`, read in one script call."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])]"
        "    .map((e) => e.textContent).join(' ');", selector)


if __name__ == "__main__":
    sys.exit(main())
