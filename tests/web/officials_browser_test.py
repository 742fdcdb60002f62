#!/usr/bin/env python3
"""The officials' walk in a real browser (issue 16 §5).

Starts a real qiwangd (free ports, a temporary data folder, a manual 2016
clock), plays the demo's open men to the end of round 2 through the `qiwang`
CLI, and drives Debian's headless chromium through chromium-driver and
python3-selenium:
  - a public reader sees no official control, and the server refuses their
    call anyway;
  - the pairing officer signs in and publishes round 3 from the page;
  - two arbiters' sessions enter round 3 at once; a conflicting entry is
    refused with the first arbiter's name;
  - one arbiter's connection is cut (Chromium's offline emulation), two
    results are queued on the device, the connection returns and both land
    exactly once (one ruling each); a resend of a landed entry (same command
    id) is answered by the ledger and still records nothing twice;
  - a committee member is refused on her own ruling (R9.3); the committee
    sees the what-if of upholding an appeal, decides it, and an open public
    standings page changes without a reload; a second appeal is upheld with
    the game replayed at a time typed on the event's clock (R6.6), and the
    replay's result is recorded later like any other;
  - the chief arbiter sees a check-in refusal in the server's words,
    corrects a result, admits a late entry (R4.1), asks for lots (refused
    before the last round's results and between players the chain already
    separates, R7.3) and passes a declined national-final place on (R8.3),
    all from the page;
  - screenshots of the arbiter page at 360 px (offline with its queue, after,
    and in Chinese) go to --out.
Nothing is downloaded. Exit status 0 when every check holds.

usage: officials_browser_test.py --qiwangd PATH --qiwang PATH --out DIR
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_test import (check, fragment_settled, play_to_round_two,
                          qiwangd_session, score_of, screenshot)

TOURNAMENT = "sichuan-2016"
SECTION = "open-men"
# token, user, role
TOKENS = [("tok-organiser", "olive", "organiser"),
          ("tok-registrar", "rita", "registrar"),
          # Ann also sits on the committee: she may not decide on her own
          # ruling (R9.3).
          ("tok-arbiter-ann", "ann", "arbiter,arbitration_committee"),
          ("tok-arbiter-bo", "bo", "arbiter"),
          ("tok-chief", "chen", "chief_arbiter"),
          ("tok-pairing", "pat", "pairing_officer"),
          ("tok-committee", "cora", "arbitration_committee"),
          ("tok-replica", "reader", "replica")]


def connect(web, method, body, token=None):
    """A Connect JSON call: (HTTP status, answer)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{web}/qiwang.v1.{method}", data=json.dumps(body).encode(),
        headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def browser():
    options = webdriver.ChromeOptions()
    options.add_experimental_option("prefs",
                                    {"intl.accept_languages": "en"})
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=options)


def text(driver, element_id):
    return css_text(driver, f"#{element_id}")


def css_text(driver, selector):
    """The text of the element at `selector`, read in one script call (the
    page may swap a fragment in at any moment), or ''."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? e.textContent : '';", selector)


def sign_in(driver, web, token, lang="en"):
    driver.get(f"{web}/officials/{TOURNAMENT}?lang={lang}")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "#sign-in button").click()
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.ID, "signed-in").is_displayed())
    fragment_settled(driver)


def open_section(driver, form_selector, title):
    """Shows the page's fragment for open men (the form's section list):
    waits for the fragment that answers this form, not the one before."""
    wait = WebDriverWait(driver, 20)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, form_selector))
    driver.execute_script(
        "document.querySelector('#fragment > section').dataset.old = '1'")
    field = driver.find_element(By.CSS_SELECTOR,
                                f"{form_selector} select[name=section]")
    Select(field).select_by_value(SECTION)
    field.submit()
    wait.until(lambda d: d.execute_script(
        "const s = document.querySelector('#fragment > section');"
        "return s !== null && !s.dataset.old &&"
        "    s.textContent.includes(arguments[0]);", title))


def click(driver, selector):
    """Clicks the element at `selector` in one script call (the page may
    swap a fragment in at any moment)."""
    driver.execute_script("document.querySelector(arguments[0]).click()",
                          selector)


def tap(driver, board, result):
    click(driver, f'button[data-board="{board}"][data-result="{result}"]')


def refused(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#refused li"))


def pending(driver):
    return int(text(driver, "pending-count") or 0)


def result_rulings(web, board, token="tok-chief", round_number=3):
    """The rulings on `board`'s result in round `round_number`, from the
    audit projection, read with the chief arbiter's `token`."""
    status, answer = connect(web, "AuditService/ListRulings",
                             {"tournamentId": TOURNAMENT, "sectionId": SECTION,
                              "round": round_number}, token)
    assert status == 200, answer
    return [r for r in answer.get("rulings", [])
            if r.get("board") == board and
            r.get("kind") in ("RULING_KIND_RESULT", "RULING_KIND_FORFEIT")]


def round_three_boards(web):
    """Round 3's boards of the section, as ListPairings answers them."""
    status, answer = connect(web, "PairingService/ListPairings",
                             {"tournamentId": TOURNAMENT, "sectionId": SECTION,
                              "round": 3})
    assert status == 200, answer
    return answer["rounds"][0]["boards"]


def action_answer(driver, awaited):
    """Waits until the page's answer to an action holds `awaited` and the
    fragment the action refreshes is in place."""
    WebDriverWait(driver, 20).until(
        lambda d: awaited in text(d, "action-status"))
    fragment_settled(driver)


def css_value(driver, selector):
    """The value of the field at `selector`, read in one script call."""
    return driver.execute_script(
        "const f = document.querySelector(arguments[0]);"
        "return f ? f.value : null;", selector)


def rematch_boards(web):
    """Round 3's boards with round 1's board 1 played again."""
    rounds = {}
    for number in (1, 3):
        _, answer = connect(web, "PairingService/ListPairings",
                            {"tournamentId": TOURNAMENT, "sectionId": SECTION,
                             "round": number})
        rounds[number] = [[b["red"]["playerId"], b["black"]["playerId"]]
                          for b in answer["rounds"][0]["boards"]]
    boards = rounds[3]
    board_of = {player: n for n, b in enumerate(boards) for player in b}
    first, second = next(
        (a, b) for a, b in rounds[1]
        if a in board_of and b in board_of and board_of[a] != board_of[b])
    i, j = board_of[first], board_of[second]
    opponent = 1 - boards[i].index(first)
    slot = boards[j].index(second)
    boards[i][opponent], boards[j][slot] = second, boards[i][opponent]
    return boards


def fill_amendment(driver, boards, override=False):
    driver.execute_script(
        """arguments[0].forEach(([red, black], i) => {
             const form = document.getElementById('amend-form');
             form.elements[`boards.${i}.redPlayerId`].value = red;
             form.elements[`boards.${i}.blackPlayerId`].value = black;
           });""", boards)
    form = driver.find_element(By.ID, "amend-form")
    form.find_element(By.NAME, "reason").send_keys("the players asked")
    if override:
        form.find_element(By.NAME, "overrideR63").click()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def decide_upheld(driver, result="GAME_RESULT_BLACK_WIN"):
    """Fills appeal 1's decision: upheld, the result changed to `result`
    (black wins unless told), 3 votes to 0."""
    appeal = driver.find_element(By.ID, "appeal-1")
    Select(appeal.find_element(By.NAME, "decision")).select_by_value(
        "APPEAL_DECISION_UPHELD")
    Select(appeal.find_element(By.NAME, "remedy.kind")).select_by_value(
        "REMEDY_KIND_RESULT_CHANGED")
    Select(appeal.find_element(By.NAME, "remedy.result")).select_by_value(
        result)
    appeal.find_element(By.NAME, "votes.uphold").send_keys("3")
    appeal.find_element(By.NAME, "votes.dismiss").send_keys("0")
    appeal.find_element(By.NAME, "reasoning").send_keys("flag fell first")
    appeal.find_element(By.CSS_SELECTOR, "form.decide button").click()


def fill(form, values):
    """Types `values` (field name: text) into `form`; a select by value."""
    for name, value in values.items():
        field = form.find_element(By.NAME, name)
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(value)


def standings_rows(web):
    _, answer = connect(web, "StandingsService/GetStandings",
                        {"tournamentId": TOURNAMENT, "rankingId": SECTION})
    return answer.get("rows", [])


def chief_forms(driver, web):
    """The chief arbiter's own forms clicked through (issue 25 §3): late
    admission (R4.1), tie lots (R7.3) refused before the last round and
    between players of different ranks after it, and a declined
    national-final place (R8.3), each checked in the log's views."""
    form = driver.find_element(By.ID, "lots-form")
    rows = standings_rows(web)
    fill(form, {"rankingId": SECTION,
                "playerIds": f"{rows[0]['playerId']},{rows[1]['playerId']}",
                "reason": "tied for the title"})
    form.find_element(By.TAG_NAME, "button").click()
    action_answer(driver, "R7.3")
    check("after all rounds" in text(driver, "action-status"),
          f"lots before the last round's results are refused, naming R7.3 "
          f"({text(driver, 'action-status')})")

    # A station's results arrive after the deadline: its winner is admitted
    # late from the page, with the title and residency every entry states.
    spare = {"id": "yaan", "name": {"zh": "雅安分站赛", "en": "Ya'an station"},
             "kind": "STATION_KIND_CITY",
             "date": {"year": 2016, "month": 9, "day": 20}}
    late = {"name": "迟到者", "idNumber": "510104199002031239",
            "gender": "GENDER_MALE",
            "birthDate": {"year": 1990, "month": 2, "day": 3}}
    status, answer = connect(web, "TournamentService/RecordStationResults",
                             {"commandId": "late-station",
                              "tournamentId": TOURNAMENT, "station": spare,
                              "ranking": [late],
                              "reason": "results arrived late"},
                             "tok-registrar")
    check(status == 200, f"the late station's results are recorded ({answer})")
    form = driver.find_element(By.ID, "late-form")
    fill(form, {"person.name": late["name"],
                "person.idNumber": late["idNumber"],
                "person.birthDate.year": "1990",
                "person.birthDate.month": "2",
                "person.birthDate.day": "3",
                "title": "TITLE_NONE", "residency": "RESIDENCY_NATIVE",
                "sectionId": SECTION, "reason": "station results came late"})
    form.find_element(By.NAME, "insuranceConfirmed").click()
    form.find_element(By.TAG_NAME, "button").click()
    action_answer(driver, "Done")
    _, players = connect(web, "TournamentService/ListPlayers",
                         {"tournamentId": TOURNAMENT, "sectionId": SECTION})
    admitted = [p for p in players.get("players", [])
                if p["name"] == late["name"]]
    check(len(admitted) == 1 and admitted[0].get("lateAdmission"),
          f"the chief arbiter admitted the late entry from the page "
          f"({admitted})")

    # The last round's remaining boards, then the lots among a shared rank.
    _, pairings = connect(web, "PairingService/ListPairings",
                          {"tournamentId": TOURNAMENT, "sectionId": SECTION,
                           "round": 3})
    for board in pairings["rounds"][0]["boards"]:
        if board.get("result", "GAME_RESULT_UNSPECIFIED") != \
                "GAME_RESULT_UNSPECIFIED":
            continue
        status, answer = connect(web, "PlayService/RecordResult",
                                 {"commandId": f"last-{board['number']}",
                                  "tournamentId": TOURNAMENT,
                                  "sectionId": SECTION, "round": 3,
                                  "board": board["number"],
                                  "result": "GAME_RESULT_DRAW"},
                                 "tok-arbiter-bo")
        check(status == 200, f"board {board['number']} of round 3 ({answer})")
    # With every result in, lots are drawn only among players who share a
    # rank: two players the chain already separates are refused (the walk's
    # event ends with no shared rank; tests/server draw among one).
    rows = standings_rows(web)
    check(len({row["rank"] for row in rows}) == len(rows),
          "the walk's final standings share no rank")
    form = driver.find_element(By.ID, "lots-form")
    fill(form, {"rankingId": SECTION,
                "playerIds": f"{rows[0]['playerId']},{rows[1]['playerId']}",
                "reason": "drawn in the hall"})
    form.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(driver, 20).until(
        lambda d: "shared rank" in text(d, "action-status"))
    check("R7.3" in text(driver, "action-status"),
          f"after the last round, lots between players of different ranks are "
          f"refused, naming R7.3 ({text(driver, 'action-status')})")

    # The national champion declines the national final: the next takes it.
    _, prizes = connect(web, "StandingsService/GetPrizes",
                        {"tournamentId": TOURNAMENT})
    category = next(c for c in prizes["categories"]
                    if c["rankingId"] == SECTION)
    first = category["nationalFinalPlayerIds"][0]
    form = driver.find_element(By.ID, "decline-form")
    fill(form, {"rankingId": SECTION, "playerId": first,
                "reason": "cannot travel"})
    form.find_element(By.TAG_NAME, "button").click()
    action_answer(driver, "Done")
    _, prizes = connect(web, "StandingsService/GetPrizes",
                        {"tournamentId": TOURNAMENT})
    category = next(c for c in prizes["categories"]
                    if c["rankingId"] == SECTION)
    check(first in category.get("passedOverPlayerIds", []) and
          first not in category["nationalFinalPlayerIds"],
          f"the declined place passes to the next player "
          f"({category.get('nationalFinalPlayerIds')})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--qiwangd", required=True)
    parser.add_argument("--qiwang", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    with qiwangd_session(args.qiwangd, "qiwang-officials-", TOKENS) as (
            folder, tokens, server, drivers):
        _, web = play_to_round_two(args.qiwang, server, folder, tokens)

        # A public reader: no official control, and refused anyway.
        public = browser()
        drivers.append(public)
        public.get(f"{web}/officials/{TOURNAMENT}?lang=en")
        check(not public.find_element(By.ID, "signed-in").is_displayed() and
              not public.find_elements(By.CSS_SELECTOR, "[data-action]"),
              "a reader who has not signed in sees no official control")
        status, answer = connect(web, "PlayService/RecordResult",
                                 {"commandId": "reader-1",
                                  "tournamentId": TOURNAMENT,
                                  "sectionId": SECTION, "round": 2,
                                  "board": 1, "result": "GAME_RESULT_DRAW"})
        check(status == 401 and answer["code"] == "unauthenticated",
              f"the server refuses a reader's RecordResult ({status})")
        status, answer = connect(web, "PlayService/RecordResult",
                                 {"commandId": "reader-2",
                                  "tournamentId": TOURNAMENT,
                                  "sectionId": SECTION, "round": 2,
                                  "board": 1, "result": "GAME_RESULT_DRAW"},
                                 "tok-pairing")
        check(status == 403 and "R1.2" in answer["message"],
              "and a pairing officer's, naming R1.2")

        # The pairing officer publishes round 3 from the page.
        ann = browser()
        drivers.append(ann)
        sign_in(ann, web, "tok-pairing")
        check("pat" in text(ann, "who-user") and
              "Pairing officer" in text(ann, "who-roles") and
              "pairing_officer" not in text(ann, "who-roles"),
              "the page shows who signed in and their role, by its name")
        check(not ann.find_element(
            By.CSS_SELECTOR, 'button[data-page="arbiter"]').is_displayed(),
            "a pairing officer has no arbiter tab")
        open_section(ann, "#pairing form.my-tables", "round 3")
        click(ann, "#publish-form button")
        action_answer(ann, "Done")
        status, answer = connect(web, "PairingService/ListPairings",
                                 {"tournamentId": TOURNAMENT,
                                  "sectionId": SECTION, "round": 3})
        check(len(answer.get("rounds", [])) == 1,
              "the pairing officer published round 3 from the page")
        # A rematch from round 1 put into round 3: R6.3 refuses the officer;
        # the chief arbiter's override accepts it, naming the violation.
        boards = rematch_boards(web)
        fill_amendment(ann, boards)
        action_answer(ann, "R6.3")
        check("override" in text(ann, "action-status"),
              f"an R6.3 violation is refused with the checker's words "
              f"({text(ann, 'action-status')})")
        ann.find_element(By.ID, "sign-out").click()
        check(ann.execute_script(
            "return sessionStorage.getItem('qiwang.token')") is None,
            "signing out forgets the token")
        sign_in(ann, web, "tok-chief")
        ann.find_element(By.CSS_SELECTOR, 'button[data-page="pairing"]').click()
        open_section(ann, "#pairing form.my-tables", "round 3")
        fill_amendment(ann, boards, override=True)
        action_answer(ann, "Done")
        check("R6.3" in text(ann, "action-status"),
              f"the chief arbiter's override is accepted, naming it "
              f"({text(ann, 'action-status')})")
        ann.find_element(By.ID, "sign-out").click()

        # Two arbiters enter round 3 at once.
        sign_in(ann, web, "tok-arbiter-ann")
        bo = browser()
        drivers.append(bo)
        sign_in(bo, web, "tok-arbiter-bo")
        for driver in (ann, bo):
            open_section(driver, "#arbiter form.my-tables", "round 3")
        tap(ann, 1, "GAME_RESULT_RED_WIN")
        tap(bo, 2, "GAME_RESULT_BLACK_WIN")
        for driver in (ann, bo):
            WebDriverWait(driver, 20).until(lambda d: pending(d) == 0)
        check(len(result_rulings(web, 1)) == 1 and
              len(result_rulings(web, 2)) == 1,
              "both arbiters' results landed")
        tap(bo, 1, "GAME_RESULT_DRAW")
        WebDriverWait(bo, 20).until(lambda d: "ann" in text(d, "refused"))
        check("ann" in text(bo, "refused"),
              f"a conflicting entry is refused with the first arbiter's name "
              f"({text(bo, 'refused').strip()})")
        at_board = '.board-card[data-board="1"] .board-refusal'
        WebDriverWait(bo, 20).until(
            lambda d: "ann" in css_text(d, at_board))
        check(bo.find_element(By.CSS_SELECTOR, at_board).is_displayed() and
              bo.find_element(By.CSS_SELECTOR, at_board)
              .get_attribute("role") == "status" and
              "ann" in text(bo, "action-status"),
              f"the refusal is at board 1 and in the status region "
              f"({css_text(bo, at_board)})")

        # Bo's connection is cut: two results wait on the device.
        bo.execute_cdp_cmd("Network.enable", {})
        bo.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1,
            "uploadThroughput": -1})
        # A wrong tap on board 3, then the right one: it replaces, not adds.
        tap(bo, 3, "GAME_RESULT_BLACK_WIN")
        tap(bo, 3, "GAME_RESULT_DRAW")
        tap(bo, 4, "GAME_RESULT_RED_WIN")
        WebDriverWait(bo, 20).until(
            lambda d: pending(d) == 2 and
            d.find_element(By.ID, "offline").is_displayed())
        check(pending(bo) == 2, "offline, two results are queued (board 3's "
              "second tap replaced its first)")
        board_three = '.board-card[data-board="3"]'
        check("queued" in bo.find_element(By.CSS_SELECTOR, board_three)
              .get_attribute("class") and
              bo.find_elements(By.CSS_SELECTOR,
                               f"{board_three} .queued-mark"),
              "board 3 carries its queued mark")
        check(not bo.find_elements(
            By.CSS_SELECTOR, '.board-card[data-board="5"] .queued-mark'),
            "a board with nothing queued has no mark")
        # Board 4's result undone before it was sent, then entered again.
        WebDriverWait(bo, 20).until(lambda d: d.execute_script(
            "const b = document.querySelector("
            "'#pending li:last-child button.undo');"
            "if (b) b.click(); return !!b;") and pending(d) == 1)
        check(pending(bo) == 1 and not bo.find_elements(
            By.CSS_SELECTOR, '.board-card[data-board="4"] .queued-mark'),
            "undo takes board 4's result off the queue and its mark off")
        tap(bo, 4, "GAME_RESULT_RED_WIN")
        WebDriverWait(bo, 20).until(lambda d: pending(d) == 2)
        queued_entries = json.loads(bo.execute_script(
            f"return localStorage.getItem('qiwang.queue.{TOURNAMENT}')"))
        check([e["body"]["result"] for e in queued_entries] ==
              ["GAME_RESULT_DRAW", "GAME_RESULT_RED_WIN"],
              f"the queue holds board 3's draw and board 4's red win "
              f"({[e['body']['result'] for e in queued_entries]})")
        queued = bo.execute_script(
            f"return localStorage.getItem('qiwang.queue.{TOURNAMENT}')")
        check(all(e["body"]["commandId"] for e in json.loads(queued)),
              "each queued entry carries its command id")
        check(not result_rulings(web, 3) and not result_rulings(web, 4),
              "nothing reached the server while offline")
        bo.execute_script("window.scrollTo(0, 0)")
        screenshot(bo, args.out, "arbiter-offline", 360)
        bo.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1,
            "uploadThroughput": -1})
        WebDriverWait(bo, 30).until(lambda d: pending(d) == 0)
        check(len(result_rulings(web, 3)) == 1 and
              len(result_rulings(web, 4)) == 1,
              "the connection back, both landed exactly once")
        # A resend of a landed entry (its answer lost): the same command id.
        bo.execute_script(
            f"localStorage.setItem('qiwang.queue.{TOURNAMENT}', arguments[0])",
            json.dumps(json.loads(queued)[:1]))
        WebDriverWait(bo, 30).until(lambda d: pending(d) == 0)
        check(len(result_rulings(web, 3)) == 1 and refused(bo) == 1,
              "a resend is answered by the ledger, not recorded twice")
        # Read in one script call: the page may swap its fragment in between
        # a find and a read.
        WebDriverWait(bo, 20).until(lambda d: "pending" not in d.execute_script(
            "const e = document.querySelector(arguments[0]);"
            "return e ? e.className : 'pending';",
            '.board-card[data-board="3"] .result'))
        board_three_result = css_text(bo, f"{board_three} .result")
        check(board_three_result == "1/2",
              f"board 3 holds the replacing tap's draw, not the first tap's "
              f"black win ({board_three_result})")
        bo.execute_script("window.scrollTo(0, 0)")
        screenshot(bo, args.out, "arbiter", 360)
        # The same page in Chinese: the tab keeps the token and the section.
        bo.get(f"{web}/officials/{TOURNAMENT}?lang=zh")
        WebDriverWait(bo, 20).until(
            lambda d: "公开组男子" in text(d, "fragment"))
        check(text(bo, "who-roles") == "裁判员",
              f"the signed-in line names the role in Chinese "
              f"({text(bo, 'who-roles')})")
        screenshot(bo, args.out, "arbiter-zh", 360)

        # An appeal against Ann's result on board 1; the committee decides.
        status, pairings = connect(web, "PairingService/ListPairings",
                                   {"tournamentId": TOURNAMENT,
                                    "sectionId": SECTION, "round": 3})
        board_one = pairings["rounds"][0]["boards"][0]
        black = board_one["black"]
        ruling = result_rulings(web, 1)[0]
        status, answer = connect(web, "RulingService/FileAppeal",
                                 {"commandId": "appeal-1",
                                  "tournamentId": TOURNAMENT,
                                  "rulingId": ruling["rulingId"],
                                  "appellantPlayerId": black["playerId"],
                                  "grounds": "red lost on time"}, "tok-chief")
        check(status == 200, f"an appeal is filed ({answer})")
        public.get(f"{web}/t/{TOURNAMENT}/standings/{SECTION}?lang=en")
        WebDriverWait(public, 20).until(lambda d: "connected" in d.find_element(
            By.ID, "live").get_attribute("class"))
        public.execute_script("window.qiwangNotReloaded = true")
        black_before = score_of(public, black["name"])
        # Ann, on the committee too, may not decide on her own ruling.
        ann.find_element(By.CSS_SELECTOR,
                         'button[data-page="committee"]').click()
        WebDriverWait(ann, 20).until(
            lambda d: d.find_elements(By.ID, "appeal-1"))
        check("ann (Arbiter)" in text(ann, "appeal-1"),
              f"the ruling's history names the role in words "
              f"({text(ann, 'appeal-1')[:200]})")
        decide_upheld(ann)
        action_answer(ann, "R9.3")
        check("R9.3" in text(ann, "action-status"),
              f"the member who made the ruling is refused in the server's "
              f"words ({text(ann, 'action-status')})")

        bo.find_element(By.ID, "sign-out").click()
        sign_in(bo, web, "tok-committee")
        WebDriverWait(bo, 20).until(
            lambda d: d.find_elements(By.ID, "appeal-1"))
        check("ann" in text(bo, "appeal-1"),
              "the committee sees the ruling's history")
        what_if = bo.find_element(By.CSS_SELECTOR, "#appeal-1 .what-if-form")
        Select(what_if.find_element(By.NAME, "result")).select_by_value(
            "GAME_RESULT_BLACK_WIN")
        what_if.find_element(By.TAG_NAME, "button").click()
        WebDriverWait(bo, 20).until(
            lambda d: "upheld" in css_text(d, "#appeal-1 .description"))
        check(black["name"] in css_text(bo, "#appeal-1 table.what-if"),
            "and the what-if of upholding it names the player it moves")
        decide_upheld(bo)
        action_answer(bo, "Done")
        WebDriverWait(public, 20).until(
            lambda d: score_of(d, black["name"]) == black_before + 2)
        check(public.execute_script("return window.qiwangNotReloaded"),
              f"the upheld appeal shows on the open standings without a "
              f"reload ({black['name']}: {black_before} -> "
              f"{black_before + 2})")

        # A second appeal, on board 3's draw: the committee orders the game
        # replayed at 17:30 on the event's clock (Asia/Shanghai), before
        # round 4's 19:00, at table 1 (R9.3, R6.6). The draw is void until
        # the replay's result is recorded (chief_forms records it).
        board_three = next(b for b in round_three_boards(web)
                           if b["number"] == 3)
        status, answer = connect(web, "RulingService/FileAppeal",
                                 {"commandId": "appeal-2",
                                  "tournamentId": TOURNAMENT,
                                  "rulingId": result_rulings(web, 3)[0][
                                      "rulingId"],
                                  "appellantPlayerId":
                                      board_three["red"]["playerId"],
                                  "grounds": "the clock ran on both sides"},
                                 "tok-chief")
        check(status == 200, f"a second appeal is filed ({answer})")
        bo.find_element(By.CSS_SELECTOR,
                        'button[data-page="committee"]').click()
        WebDriverWait(bo, 20).until(
            lambda d: d.find_elements(By.ID, "appeal-2"))
        appeal = bo.find_element(By.ID, "appeal-2")
        Select(appeal.find_element(By.NAME, "decision")).select_by_value(
            "APPEAL_DECISION_UPHELD")
        Select(appeal.find_element(By.NAME, "remedy.kind")).select_by_value(
            "REMEDY_KIND_GAME_REPLAYED")
        # What a datetime-local picker leaves in the field.
        bo.execute_script("arguments[0].value = '2016-10-14T17:30'",
                          appeal.find_element(By.NAME, "remedy.replayAt"))
        appeal.find_element(By.NAME, "remedy.replayPlace").send_keys("table 1")
        appeal.find_element(By.NAME, "votes.uphold").send_keys("3")
        appeal.find_element(By.NAME, "votes.dismiss").send_keys("0")
        appeal.find_element(By.NAME, "reasoning").send_keys("a faulty clock")
        appeal.find_element(By.CSS_SELECTOR, "form.decide button").click()
        action_answer(bo, "Done")
        status, decided = connect(web, "AuditService/GetAppeal",
                                  {"tournamentId": TOURNAMENT,
                                   "appealNumber": 2}, "tok-chief")
        remedy = decided["appeal"].get("decision", {}).get("remedy", {})
        check(remedy.get("kind") == "REMEDY_KIND_GAME_REPLAYED" and
              remedy.get("replayAt") == "2016-10-14T09:30:00Z" and
              remedy.get("replayPlace") == "table 1",
              f"the replay is ordered for 17:30 in Beijing, 09:30 UTC, at "
              f"table 1 ({remedy})")
        board_three = next(b for b in round_three_boards(web)
                           if b["number"] == 3)
        check(board_three.get("result", "GAME_RESULT_UNSPECIFIED") ==
              "GAME_RESULT_UNSPECIFIED",
              f"board 3's draw is void until the replay ({board_three})")

        # The chief arbiter at the check-in desk and at their own forms.
        ann.find_element(By.ID, "sign-out").click()
        sign_in(ann, web, "tok-chief")
        ann.find_element(By.CSS_SELECTOR,
                         'button[data-page="checkin"]').click()
        WebDriverWait(ann, 20).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#checkin form.find"))
        # Headless Chromium on Linux has no BarcodeDetector: the scan button
        # says so and leaves the desk to type.
        has_detector = ann.execute_script("return 'BarcodeDetector' in window")
        ann.find_element(By.CSS_SELECTOR,
                         '#checkin button[data-action="scan"]').click()
        if not has_detector:
            action_answer(ann, "cannot scan")
            check(ann.switch_to.active_element.get_attribute("name") == "q",
                  "without a camera API the scan button sends the desk to "
                  "the search field")
        field = ann.find_element(By.CSS_SELECTOR, "#checkin input[name=q]")
        field.send_keys(black["name"])
        field.submit()
        WebDriverWait(ann, 20).until(
            lambda d: black["name"] in css_text(d, "#checkin-players"))
        ann.find_element(
            By.CSS_SELECTOR,
            '#checkin-players form[data-method="TournamentService/'
            'CheckInPlayer"] button').click()
        action_answer(ann, "R4.2")
        check("already checked in" in text(ann, "action-status"),
              f"the desk shows a refusal in the server's words "
              f"({text(ann, 'action-status')})")
        ann.find_element(By.CSS_SELECTOR, 'button[data-page="chief"]').click()
        WebDriverWait(ann, 20).until(
            lambda d: d.find_elements(By.ID, "correct-form"))
        correct = ann.find_element(By.ID, "correct-form")
        Select(correct.find_element(By.NAME, "sectionId")).select_by_value(
            SECTION)
        correct.find_element(By.NAME, "round").send_keys("3")
        correct.find_element(By.NAME, "board").send_keys("2")
        Select(correct.find_element(By.NAME, "result")).select_by_value(
            "GAME_RESULT_DRAW")
        correct.find_element(By.NAME, "reason").send_keys("scoresheet misread")
        # Half a reason typed into another form when the correction is sent:
        # the page refreshed after the send keeps it; the sent form is fresh.
        ann.find_element(By.CSS_SELECTOR, "#lots-form [name=reason]") \
            .send_keys("lots drawn at")
        correct.find_element(By.TAG_NAME, "button").click()
        action_answer(ann, "Done")
        check(css_value(ann, "#lots-form [name=reason]") == "lots drawn at"
              and css_value(ann, "#correct-form [name=reason]") == "",
              "the refreshed page keeps what was typed in another form and "
              "starts the sent one afresh")
        status, answer = connect(web, "AuditService/ListRulings",
                                 {"tournamentId": TOURNAMENT,
                                  "sectionId": SECTION, "round": 3,
                                  "kind": "RULING_KIND_CORRECTION"},
                                 "tok-chief")
        check([r["board"] for r in answer.get("rulings", [])] == [2],
              "the chief arbiter corrected board 2 from the page")
        chief_forms(ann, web)
        print(f"screenshots in {args.out}; "
              f"{time.monotonic() - started:.1f} s")
        return 0


if __name__ == "__main__":
    sys.exit(main())
