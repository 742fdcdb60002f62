#!/usr/bin/env python3
"""An event from an empty qiwangd to its certificates, in Chinese, in the
browser only (issue 25 §4).

Starts an EMPTY qiwangd (free ports, a temporary data folder, a manual clock
on 1 September 2016) and drives Debian's headless chromium (zh-CN, every page
at ?lang=zh, the window 360 px wide: a phone) through chromium-driver and
python3-selenium; no step uses the `qiwang` CLI:
  - the organiser creates the event from the 2016 template at
    /officials/new and shortens open men to 2 rounds in the organiser's form
    (R2.4: the smallest honest event is one Swiss section of four players,
    two rounds of two boards; the other sections stay empty);
  - the registrar uploads the Mianyang station's ranking CSV (R3) and
    registers its four qualifiers (R2.2);
  - on the check-in day the desk checks each in (R4.2) and the chief
    arbiter closes check-in;
  - the pairing officer publishes each round; in round 1 arbiter Ann enters
    board 1 while arbiter Bo's tablet is offline (its requests pass through
    forwarder.Forwarder, stopped) and queues board 2, which lands exactly once
    when the forwarder listens again; in round 2 both enter online;
  - the results are chosen so that the event ends in two pairs of players
    tied on every tie-break (round 1: a red win and a black win, so the
    winners had different colours; round 2: draws): the player who lost
    board 1 of round 2 appeals (filed by the chief arbiter on the chief's
    page, the ruling chosen by what it decided) and the committee upholds
    it as a draw; the standings follow;
  - the chief arbiter records the lots drawn for each shared rank (R7.3)
    on the chief's page, and the standings follow the lots;
  - the chief arbiter opens the printouts and prints the certificates, one
    for each prize winner GetPrizes names.
The clock moves between days over Connect (AdminService/SetClock, the
organiser's): the test's stand-in for time passing.
Every official page and the public standings are read as a phone reads them:
no run of English words in the visible text (bilingual printouts excepted:
they are Chinese first with English by design) and no horizontal overflow
at 360 px; a screenshot of each goes to --out. Nothing is downloaded. Exit
status 0 when every check holds.

usage: journey_browser_test.py --qiwangd PATH --out DIR
"""
import os
import re
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_test import (TOURNAMENT, arguments, browser, check,
                          fragment_settled, qiwangd_session, screenshot,
                          wait_for_file)
from forwarder import Forwarder
from officials_browser_test import (click, connect, decide_upheld,
                                    open_section, pending, result_rulings,
                                    sign_in, tap, text)
from organiser_browser_test import (create_from_template, open_create_form,
                                    organiser_form, set_field,
                                    submit_and_wait)
from registrar_browser_test import css, fragment_holds, type_into, upload

SECTION = "open-men"
# token, user, role
TOKENS = [("tok-organiser", "olive", "organiser"),
          ("tok-registrar", "rita", "registrar"),
          ("tok-desk", "dai", "arbiter"),
          ("tok-pairing", "pat", "pairing_officer"),
          ("tok-arbiter-ann", "ann", "arbiter"),
          ("tok-arbiter-bo", "bo", "arbiter"),
          ("tok-committee", "cora", "arbitration_committee"),
          ("tok-chief", "chen", "chief_arbiter")]
# The Mianyang station's final ranking: four open men (born 1956-1999).
PLAYERS = [("刘备", "510700198001010011", 1980, 1, 1),
           ("关羽", "510700198102020021", 1981, 2, 2),
           ("张飞", "510700198203030031", 1982, 3, 3),
           ("赵云", "510700198304040041", 1983, 4, 4)]
# Two or more Latin words in a row: English prose (refusal_words_test.cc's
# rule; single tokens such as R2.4 or an id are values, not sentences).
ENGLISH_SENTENCE = re.compile(r"[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}")
DONE = "已完成"


def set_clock(web, when):
    status, answer = connect(web, "AdminService/SetClock", {"time": when},
                             "tok-organiser")
    check(status == 200, f"the clock reads {when} ({answer})")


def read_as_phone(driver, out, name):
    """The page as a phone in China reads it: no English sentence in its
    visible text and nothing wider than 360 px; a screenshot to `out`."""
    driver.set_window_size(360, 900)
    # A <code> is a literal the reader types or a file holds (the ranking
    # file's column names), not prose.
    shown = driver.execute_script(
        """let shown = document.body.innerText;
           for (const code of document.querySelectorAll('code')) {
             shown = shown.replace(code.innerText, '');
           }
           return shown;""")
    english = ENGLISH_SENTENCE.findall(shown)
    check(not english, f"{name}: no English sentence on the zh page "
          f"({english})")
    wide = driver.execute_script(
        "return document.documentElement.scrollWidth - innerWidth")
    check(wide <= 0, f"{name}: no horizontal overflow at 360 px" +
          (f" ({wide} px by {wider_than_screen(driver)})" if wide > 0 else ""))
    screenshot(driver, out, f"journey-{name}-zh", 360)


def wider_than_screen(driver):
    """The innermost elements reaching past the window's right edge, or
    whose text does (a long word)."""
    return driver.execute_script(
        """const past = (e) => e.getBoundingClientRect().right > innerWidth ||
               e.getBoundingClientRect().left + e.scrollWidth > innerWidth;
           return [...document.querySelectorAll('body *')].filter((e) =>
               past(e) && ![...e.children].some(past))
             .slice(0, 5).map((e) => e.outerHTML.slice(0, 80));""")


def sign_in_as(driver, web, token):
    """The next official at the same device: the last one signs out."""
    if driver.find_elements(By.ID, "sign-out") and driver.find_element(
            By.ID, "sign-out").is_displayed():
        driver.find_element(By.ID, "sign-out").click()
    sign_in(driver, web, token, "zh")


def open_tab(driver, page, ready):
    click(driver, f'#role-tabs button[data-page="{page}"]')
    fragment_settled(driver)
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ready))


def act(driver, form_selector):
    """Submits the form and answers the page's status line once the server
    has answered."""
    submit_and_wait(driver, form_selector)
    return text(driver, "action-status")


def create_event(driver, web, out):
    open_create_form(driver, web)
    read_as_phone(driver, out, "new")
    create_from_template(driver)
    # R2.4: four players play two rounds, not the template's eleven.
    rounds = "[name='config.sections.1.rounds']"
    check(driver.find_element(By.CSS_SELECTOR, rounds).get_attribute(
        "value") == "11", "open men come with the template's 11 rounds")
    set_field(driver, rounds, "2")
    set_field(driver, "#amend-form [name=reason]", "四人参赛,赛两轮")
    check(act(driver, "#amend-form") == "已保存",
          "the organiser saves open men's two rounds")
    _, answer = connect(web, "TournamentService/GetTournament",
                        {"tournamentId": TOURNAMENT})
    section = answer["config"]["sections"][1]
    check(section["id"] == SECTION and section["rounds"] == 2,
          "the server keeps open men at 2 rounds")
    organiser_form(driver)
    read_as_phone(driver, out, "organiser")


def register_players(driver, web, folder, out):
    sign_in_as(driver, web, "tok-registrar")
    open_tab(driver, "registrar", "#ranking-form")
    ranking = os.path.join(folder, "mianyang.csv")
    with open(ranking, "w") as csv:
        csv.write("rank,name,id_number,birth_date,gender\n")
        for rank, (name, id_number, year, month, day) in enumerate(PLAYERS):
            csv.write(f"{rank + 1},{name},{id_number},"
                      f"{year}-{month:02}-{day:02},m\n")
    upload(driver, ranking)
    fragment_holds(driver, PLAYERS[-1][0])
    check(all(p[0] in css(driver, "table.missing") for p in PLAYERS),
          "the station's four qualifiers are listed as still missing (R3)")
    for name, id_number, year, month, day in PLAYERS:
        form = driver.find_element(By.ID, "register-form")
        Select(form.find_element(By.NAME, "residency")).select_by_value(
            "RESIDENCY_NATIVE")
        insured = form.find_element(By.NAME, "insuranceConfirmed")
        if not insured.is_selected():
            insured.click()
        type_into(form, "person.name", name)
        type_into(form, "person.idNumber", id_number)
        Select(form.find_element(By.NAME, "person.gender")).select_by_value(
            "GENDER_MALE")
        type_into(form, "person.birthDate.year", str(year))
        type_into(form, "person.birthDate.month", str(month))
        type_into(form, "person.birthDate.day", str(day))
        WebDriverWait(driver, 20).until(
            lambda d: "公开组男子" in text(d, "register-section"))
        check(act(driver, "#register-form") == DONE,
              f"{name} is registered, entering open men (R2.2)")
        WebDriverWait(driver, 20).until(
            lambda d: name not in css(d, "table.missing"))
    read_as_phone(driver, out, "registrar")


def check_in(driver, web, out):
    set_clock(web, "2016-10-13T14:30:00+08:00")
    sign_in_as(driver, web, "tok-desk")
    open_tab(driver, "checkin", "#checkin form.find")
    _, listed = connect(web, "TournamentService/ListPlayers",
                        {"tournamentId": TOURNAMENT, "sectionId": SECTION})
    for player in listed["players"]:
        card = f'article.player-card[data-player="{player["playerId"]}"]'
        field = driver.find_element(By.CSS_SELECTOR, "#checkin input[name=q]")
        field.clear()
        field.send_keys(player["name"])
        field.submit()
        WebDriverWait(driver, 20).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, card))
        driver.execute_script(
            "document.querySelectorAll(arguments[0]).forEach("
            "    (box) => { box.checked = true; });",
            f"{card} input[name='documents[]']")
        form = f'{card} form[data-method="TournamentService/CheckInPlayer"]'
        check(act(driver, form) == DONE,
              f"the desk checks {player['name']} in (R4.2)")
    read_as_phone(driver, out, "checkin")
    set_clock(web, "2016-10-13T18:00:00+08:00")
    sign_in_as(driver, web, "tok-chief")
    open_tab(driver, "checkin", "#checkin form.close")
    set_field(driver, "#checkin form.close [name=reason]", "报到时间结束")
    check(act(driver, "#checkin form.close") == DONE,
          "the chief arbiter closes check-in")
    _, status = connect(web, "TournamentService/GetTournament",
                        {"tournamentId": TOURNAMENT})
    check(status.get("checkInClosed"), "check-in is closed")


def publish(driver, web, out, round_number):
    sign_in_as(driver, web, "tok-pairing")
    open_tab(driver, "pairing", "#pairing form.my-tables")
    open_section(driver, "#pairing form.my-tables", "公开组男子")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, f'#publish-form input[name=round]'
        f'[value="{round_number}"]'))
    if round_number == 1:
        read_as_phone(driver, out, "pairing")
    check(act(driver, "#publish-form") == DONE,
          f"the pairing officer publishes round {round_number}")
    _, answer = connect(web, "PairingService/ListPairings",
                        {"tournamentId": TOURNAMENT, "sectionId": SECTION,
                         "round": round_number})
    return answer["rounds"][0]["boards"]


def arbiter_round(driver, web, round_number):
    """Arbiter Ann's page, open on the round being played."""
    sign_in_as(driver, web, "tok-arbiter-ann")
    open_tab(driver, "arbiter", "#arbiter-boards")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, f'.board-card[data-round="{round_number}"]'))


def landed(web, board, round_number):
    return len(result_rulings(web, board, "tok-chief", round_number))


def play_round_one(driver, bo, web, through, forwarder, out):
    arbiter_round(driver, web, 1)
    sign_in(bo, through, "tok-arbiter-bo", "zh")
    bo.set_window_size(360, 900)
    WebDriverWait(bo, 20).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, '.board-card[data-round="1"][data-board="2"]'))
    forwarder.stop()
    tap(driver, 1, "GAME_RESULT_RED_WIN")
    tap(bo, 2, "GAME_RESULT_BLACK_WIN")
    WebDriverWait(bo, 20).until(
        lambda d: pending(d) == 1 and
        d.find_element(By.ID, "offline").is_displayed())
    WebDriverWait(driver, 20).until(lambda d: pending(d) == 0)
    check(landed(web, 1, 1) == 1, "Ann's board 1 landed online")
    check(landed(web, 2, 1) == 0,
          "Bo's board 2 waits on the offline tablet, not on the server")
    read_as_phone(bo, out, "arbiter-offline")
    forwarder.start()
    WebDriverWait(bo, 60).until(lambda d: pending(d) == 0)
    check(landed(web, 2, 1) == 1,
          "back online, Bo's queued board 2 landed exactly once")
    read_as_phone(driver, out, "arbiter")


def play_round_two(driver, bo, web):
    arbiter_round(driver, web, 2)
    bo.refresh()
    WebDriverWait(bo, 20).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, '.board-card[data-round="2"][data-board="2"]'))
    tap(driver, 1, "GAME_RESULT_RED_WIN")
    tap(bo, 2, "GAME_RESULT_DRAW")
    for tablet in (driver, bo):
        WebDriverWait(tablet, 20).until(lambda d: pending(d) == 0)
    check(landed(web, 1, 2) == 1 and landed(web, 2, 2) == 1,
          "both arbiters' round 2 results landed")


def score(web, player_id):
    _, answer = connect(web, "StandingsService/GetStandings",
                        {"tournamentId": TOURNAMENT, "rankingId": SECTION})
    return next(int(row.get("score", 0)) for row in answer["rows"]
                if row["playerId"] == player_id)


def file_appeal(driver, web, board_one, out):
    """The chief arbiter files the loser's appeal from the chief's page,
    naming the ruling by what it decided (R9.2)."""
    black = board_one["black"]
    ruling = result_rulings(web, 1, "tok-chief", 2)[0]
    sign_in_as(driver, web, "tok-chief")
    open_tab(driver, "chief", "#appeal-form")
    form = driver.find_element(By.ID, "appeal-form")
    chosen = Select(form.find_element(By.NAME, "rulingId"))
    chosen.select_by_value(ruling["rulingId"])
    check(ruling["summaryZh"] in chosen.first_selected_option.text,
          f"the ruling is offered by what it decided "
          f"({chosen.first_selected_option.text})")
    Select(form.find_element(By.NAME, "appellantPlayerId")).select_by_value(
        str(black["playerId"]))
    form.find_element(By.NAME, "grounds").send_keys("红方先超时")
    read_as_phone(driver, out, "chief")
    check(act(driver, "#appeal-form") == DONE,
          f"{black['name']} appeals board 1 from the chief's page")
    appeals = connect(web, "AuditService/ListAppeals",
                      {"tournamentId": TOURNAMENT}, "tok-chief")[1]
    filed = appeals.get("appeals", [])
    check(len(filed) == 1 and
          filed[0]["ruling"]["rulingId"] == ruling["rulingId"] and
          int(filed[0]["appellantPlayerId"]) == int(black["playerId"]),
          "the log holds one appeal, by that player, against that ruling")


def decide_appeal(driver, web, board_one, out):
    black = board_one["black"]
    file_appeal(driver, web, board_one, out)
    before = score(web, black["playerId"])
    sign_in_as(driver, web, "tok-committee")
    open_tab(driver, "committee", "#appeal-1")
    read_as_phone(driver, out, "committee")
    decide_upheld(driver, "GAME_RESULT_DRAW")
    WebDriverWait(driver, 20).until(
        lambda d: text(d, "action-status") == DONE)
    check(score(web, black["playerId"]) == before + 1,
          f"the committee upholds the appeal: board 1 is a draw, "
          f"{black['name']} gains a point")
    driver.find_element(By.ID, "sign-out").click()


def shared_ranks(web):
    """The groups of players the standings rank alike, by rank."""
    _, answer = connect(web, "StandingsService/GetStandings",
                        {"tournamentId": TOURNAMENT, "rankingId": SECTION})
    groups = {}
    for row in answer["rows"]:
        groups.setdefault(row["rank"], []).append(row["playerId"])
    return {rank: ids for rank, ids in groups.items() if len(ids) > 1}


def draw_tie_lots(driver, web, out):
    """R7.3: after the last round, the chief arbiter records the lots drawn
    between the players tied on every tie-break, from the chief's page; the
    prizes stop being provisional."""
    tied = shared_ranks(web)
    check(len(tied) == 2 and all(len(ids) == 2 for ids in tied.values()),
          f"two pairs of players share a rank on every tie-break ({tied})")
    _, prizes = connect(web, "StandingsService/GetPrizes",
                        {"tournamentId": TOURNAMENT})
    check(bool(prizes.get("provisionalReason")),
          "while ranks are shared, the prizes are provisional")
    sign_in_as(driver, web, "tok-chief")
    open_tab(driver, "chief", "#lots-form")
    for rank, ids in sorted(tied.items()):
        form = driver.find_element(By.ID, "lots-form")
        Select(form.find_element(By.NAME, "rankingId")).select_by_value(
            SECTION)
        drawn = list(reversed(ids))  # the lots' order, as the hall drew it
        players = form.find_element(By.NAME, "playerIds")
        players.clear()
        players.send_keys(" ".join(drawn))
        reason = form.find_element(By.NAME, "reason")
        reason.clear()
        reason.send_keys("当场抽签")
        if rank == min(tied):
            read_as_phone(driver, out, "chief-lots")
        check(act(driver, "#lots-form") == DONE,
              f"the chief arbiter records the lots for rank {rank}")
        _, answer = connect(web, "StandingsService/GetStandings",
                            {"tournamentId": TOURNAMENT,
                             "rankingId": SECTION})
        order = [row["playerId"] for row in answer["rows"]
                 if row["playerId"] in ids]
        check(order == drawn, f"the standings follow the lots ({order})")
    check(not shared_ranks(web), "no rank is shared any more")
    driver.find_element(By.ID, "sign-out").click()


def print_certificates(driver, web, out):
    sign_in_as(driver, web, "tok-chief")
    driver.find_element(By.CSS_SELECTOR, "a[href*='/print']").click()
    WebDriverWait(driver, 20).until(lambda d: "/print" in d.current_url)
    wide = driver.execute_script(
        "return document.documentElement.scrollWidth - innerWidth")
    check(wide <= 0, f"print index: no horizontal overflow at 360 px "
          f"({wide} px)")
    screenshot(driver, out, "journey-print-zh", 360)
    driver.find_element(By.CSS_SELECTOR,
                        "a[href$='/print/certificates']").click()
    WebDriverWait(driver, 20).until(
        lambda d: d.current_url.endswith("/print/certificates"))
    _, prizes = connect(web, "StandingsService/GetPrizes",
                        {"tournamentId": TOURNAMENT})
    winners = [award["name"] for category in prizes["categories"]
               for award in category.get("awards", [])
               if award.get("certificate")]
    printed = driver.execute_script(
        "return [...document.querySelectorAll('section.certificate')]"
        "    .map((c) => c.innerText);")
    check(len(winners) == len(PLAYERS) and len(printed) == len(winners) and
          all(any(name in c and "荣誉证书" in c for c in printed)
              for name in winners),
          f"the chief arbiter prints a certificate for each prize winner "
          f"({winners})")
    check(not prizes.get("provisionalReason"),
          "the prizes are final, not provisional")
    driver.save_screenshot(os.path.join(out, "journey-certificates.png"))


def main():
    args = arguments("qiwangd", "out")
    started = time.monotonic()
    with qiwangd_session(args.qiwangd, "qiwang-journey-", TOKENS) as (
            folder, tokens, server, drivers):
        web = "http://127.0.0.1:" + wait_for_file(f"{folder}/http.port",
                                                  server)
        forwarder = Forwarder(int(web.rsplit(":", 1)[1]))
        forwarder.start()
        through = f"http://127.0.0.1:{forwarder.port}"
        driver = browser()
        drivers.append(driver)
        driver.set_window_size(360, 900)

        create_event(driver, web, args.out)
        register_players(driver, web, folder, args.out)
        check_in(driver, web, args.out)

        set_clock(web, "2016-10-14T09:00:00+08:00")
        publish(driver, web, args.out, 1)
        set_clock(web, "2016-10-14T11:30:00+08:00")
        bo = browser()
        drivers.append(bo)
        play_round_one(driver, bo, web, through, forwarder, args.out)

        set_clock(web, "2016-10-14T13:00:00+08:00")
        board_one = publish(driver, web, args.out, 2)[0]
        set_clock(web, "2016-10-14T15:30:00+08:00")
        play_round_two(driver, bo, web)
        decide_appeal(driver, web, board_one, args.out)
        draw_tie_lots(driver, web, args.out)

        driver.get(f"{web}/t/{TOURNAMENT}?lang=zh")
        read_as_phone(driver, args.out, "home")
        driver.get(f"{web}/t/{TOURNAMENT}/standings/{SECTION}?lang=zh")
        read_as_phone(driver, args.out, "standings")
        print_certificates(driver, web, args.out)
        print(f"screenshots in {args.out}; "
              f"{time.monotonic() - started:.1f} s")
        return 0


if __name__ == "__main__":
    sys.exit(main())
