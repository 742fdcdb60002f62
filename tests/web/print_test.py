#!/usr/bin/env python3
"""The printouts on paper (issue 16 §3), in a real browser.

Starts a real qiwangd and plays the 2016 demo through the `qiwang` CLI (open
men, 12 players, 3 rounds, to the end), then prints every printout to PDF
with Debian's headless chromium (Page.printToPDF, the page's own @page
sizes) and checks each with poppler-utils: the text (pdftotext) holds the
headings in Chinese and English and the names, boards and winners the
services list (read over Connect/JSON, never taken from the printouts), and
the page count (pdfinfo) is one result sheet and one table card per board
and one certificate per prize winner. A table card's QR code, rasterised
(pdftoppm), decodes (zbarimg) to its board's page, which answers with the
board. The .xlsx download opens in openpyxl. PNGs of the wall list and a
certificate go to --out. Nothing is downloaded.

usage: print_test.py --qiwangd PATH --qiwang PATH --out DIR
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import (TOURNAMENT, browser, check,  # noqa: E402
                          play_demo, start_qiwangd, stop_qiwangd,
                          write_tokens)


def connect(web, method, request):
    """A unary RPC over the HTTP front's Connect protocol, in JSON."""
    call = urllib.request.Request(
        f"{web}/qiwang.v1.{method}", data=json.dumps(request).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(call, timeout=30) as answer:
        return json.load(answer)


def missing(names, text):
    """The names `text` lacks (an empty list when it holds them all)."""
    return [name for name in names if name not in text]


def get(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, dict(answer.headers), answer.read()


def print_to_pdf(driver, url, path):
    """The page at `url` printed as chromium prints it, its @page sizes kept."""
    driver.get(url)
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {
        "printBackground": True, "preferCSSPageSize": True})
    with open(path, "wb") as out:
        out.write(base64.b64decode(pdf["data"]))
    text = subprocess.run(["pdftotext", path, "-"], check=True,
                          capture_output=True, text=True).stdout
    # Words as a reader sees them, whatever the lines they were set in.
    text = " ".join(text.split())
    info = subprocess.run(["pdfinfo", path], check=True, capture_output=True,
                          text=True).stdout
    pages = int(next(line.split()[1] for line in info.splitlines()
                     if line.startswith("Pages:")))
    return text, pages


def first_page_png(pdf, png_base, dpi):
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1",
                    "-singlefile", pdf, png_base], check=True)
    return png_base + ".png"


def main():
    parser = argparse.ArgumentParser()
    for name in ("--qiwangd", "--qiwang", "--out"):
        parser.add_argument(name, required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    folder = tempfile.mkdtemp(prefix="qiwang-print-")
    tokens = write_tokens(folder)
    server = start_qiwangd(args.qiwangd, folder, tokens)
    driver = None
    try:
        _, web = play_demo(args.qiwang, server, folder, tokens)
        t = {"tournamentId": TOURNAMENT}
        rounds = connect(web, "PairingService/ListPairings",
                         {**t, "sectionId": "open-men", "round": 3})["rounds"]
        boards = rounds[0]["boards"]
        standings = connect(web, "StandingsService/GetStandings",
                            {**t, "rankingId": "open-men"})["rows"]
        prizes = connect(web, "StandingsService/GetPrizes", t)["categories"]
        winners = [award["name"] for category in prizes
                   for award in category.get("awards", [])
                   if award.get("certificate")]
        check(boards and len(standings) >= 2 * len(boards) and winners,
              f"the demo played: {len(boards)} boards in round 3, "
              f"{len(winners)} certificates due")

        driver = browser()
        base = f"{web}/t/{TOURNAMENT}/print"
        pdf = lambda name: os.path.join(args.out, f"{name}.pdf")  # noqa: E731

        text, pages = print_to_pdf(driver, f"{base}/wall/open-men/3",
                                   pdf("wall-list"))
        names = [board[side]["name"] for board in boards
                 for side in ("red", "black")]
        check("第3轮对阵表" in text and "Round 3 pairings" in text and
              not missing(names, text),
              f"the wall list names all {len(names)} players ({pages} page); "
              f"missing: {missing(names, text)}")

        text, pages = print_to_pdf(driver, f"{base}/sheets/open-men/3",
                                   pdf("result-sheets"))
        check(pages == len(boards) and text.count("裁判员签名") == len(boards)
              and "Result sheet" in text and
              not missing(names, text),
              f"one result sheet a board: {pages} pages for {len(boards)}")

        text, pages = print_to_pdf(driver, f"{base}/cards/open-men/3",
                                   pdf("table-cards"))
        check(pages == len(boards) and "Board 1" in text,
              f"one table card a board: {pages} pages")
        card = first_page_png(pdf("table-cards"),
                              os.path.join(folder, "card"), 150)
        decoded = subprocess.run(["zbarimg", "--raw", "-q", card], check=True,
                                 capture_output=True, text=True).stdout.strip()
        board_url = f"{web}/t/{TOURNAMENT}/board/open-men/1"
        check(decoded == board_url, f"the QR code reads {decoded}")
        status, _, page = get(decoded)
        page = page.decode()
        check(status == 200 and boards[0]["red"]["name"] in page and
              boards[0]["black"]["name"] in page,
              "the board's page answers with board 1's players")

        text, pages = print_to_pdf(driver, f"{base}/book", pdf("results-book"))
        check("成绩册" in text and "Results book" in text and "交叉表" in text
              and "Crosstable" in text and
              not missing([row["name"] for row in standings], text),
              f"the results book lists all {len(standings)} players "
              f"({pages} pages)")

        text, pages = print_to_pdf(driver, f"{base}/prizes", pdf("prizes"))
        check("获奖名单" in text and "Prize list" in text and
              "全国决赛名额" in text and not missing(winners, text),
              "the prize list names every winner and the final places")

        text, pages = print_to_pdf(driver, f"{base}/certificates",
                                   pdf("certificates"))
        check(pages == len(winners) and text.count("荣誉证书") == len(winners)
              and "Certificate of Honour" in text and "2016年10月14日" in text
              and not missing(winners, text),
              f"one certificate a prize winner: {pages} pages for "
              f"{len(winners)}")

        for name in ("wall-list", "certificates"):
            first_page_png(pdf(name), os.path.join(args.out, name), 60)

        status, headers, body = get(f"{web}/t/{TOURNAMENT}/xlsx/open-men")
        book_path = os.path.join(folder, "open-men.xlsx")
        with open(book_path, "wb") as out:
            out.write(body)
        book = openpyxl.load_workbook(book_path, read_only=True)
        cells = {str(cell) for sheet in book.worksheets
                 for row in sheet.iter_rows(values_only=True) for cell in row}
        check(status == 200 and "attachment" in
              headers.get("Content-Disposition", "") and
              all(row["name"] in cells for row in standings),
              f"the .xlsx download opens in openpyxl ({len(body)} bytes)")
        print(f"printouts and PNGs in {args.out}; "
              f"{time.monotonic() - started:.1f} s")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        stop_qiwangd(server, folder)


if __name__ == "__main__":
    sys.exit(main())
