#!/usr/bin/env python3
"""Writes the binary seed inputs of tests/fuzz/corpus (run from anywhere):
record_decoding (values sealed with crc32c, as store/disk_format.cc does) command_validation (requests in protobuf text, encoded with protoc) and the
gzip and non-UTF-8 inputs of http_request. The JSON
and TRF seeds are written by hand. Deterministic: running it again gives the
same files."""
import gzip
import io
import pathlib
import struct
import subprocess
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPUS = HERE / "corpus"


def crc32c(data, crc=0):
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def sized(data):
    return struct.pack(">I", len(data)) + data


def sealed(salt, body):
    return struct.pack(">I", crc32c(body, crc32c(salt))) + body


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def record_seeds():
    position = 42
    key = struct.pack(">Q", position)
    body = (sized(b"sichuan-2016") + struct.pack(">Q", 7) + sized(b"cmd-1") +
            b"\x0a\x04data")
    write("record_decoding", "record", b"\x00" + key + sealed(key, body))
    write("record_decoding", "record-body", b"\x01" + key + body)
    entry = (sized(b"notes/hall") + struct.pack(">QQQ", 3, 4, 2) +
             b"\x01" * 20)
    cid = b"n-1"
    write("record_decoding", "command-entry",
          b"\x02" + bytes([len(cid)]) + cid + sealed(cid, entry))
    write("record_decoding", "command-entry-body",
          b"\x03" + bytes([len(cid)]) + cid + entry)
    write("record_decoding", "flipped-bit",
          b"\x04" + struct.pack(">QQQ", 5, 1, 77) + b"\x04hall\x03c-1" +
          b"event")


# (file, state, command, role, day, message, text): the header indexes are
# those of command_validation_fuzz.cc (states: 0 created, 1 checking in,
# 2 playing; roles in kAllRoles order; days: 0 before the deadline,
# 1 check-in, 2 after check-in, 3 round day).
COMMANDS = [
    ("create-again", 0, 0, 0, 0, "CreateTournamentRequest",
     'command_id: "c" config { id: "sichuan-2016" }'),
    ("station", 1, 2, 1, 0, "RecordStationResultsRequest",
     'tournament_id: "sichuan-2016" station { id: "city-9" kind: '
     'STATION_KIND_CITY date { year: 2016 month: 6 day: 1 } } '
     'ranking { name: "Z 1" birth_date { year: 1970 month: 3 day: 4 } '
     'gender: GENDER_MALE }'),
    ("register", 1, 3, 1, 0, "RegisterPlayerRequest",
     'tournament_id: "sichuan-2016" person { name: "O0 1" birth_date { '
     'year: 1980 month: 1 day: 1 } gender: GENDER_MALE } section_id: '
     '"open-men" residency: RESIDENCY_NATIVE insurance_confirmed: true'),
    ("check-in", 1, 4, 2, 1, "CheckInPlayerRequest",
     'tournament_id: "sichuan-2016" player_id: 2 documents: '
     'CHECK_IN_DOCUMENT_IDENTITY_COPY documents: CHECK_IN_DOCUMENT_INSURANCE'),
    ("excuse", 1, 5, 1, 1, "ExcuseAbsenceRequest",
     'tournament_id: "sichuan-2016" player_id: 3 note: "traffic"'),
    ("close-check-in", 1, 6, 3, 2, "CloseCheckInRequest",
     'tournament_id: "sichuan-2016" reason: "window over"'),
    ("withdraw", 2, 7, 3, 3, "WithdrawPlayerRequest",
     'tournament_id: "sichuan-2016" player_id: 4 reason: "ill"'),
    ("amend-pairing", 2, 8, 3, 3, "AmendPairingRequest",
     'tournament_id: "sichuan-2016" section_id: "open-men" round: 2 '
     'boards { number: 1 red_player_id: 1 black_player_id: 2 } '
     'override_r63: true reason: "swap"'),
    ("record-result", 2, 9, 2, 3, "RecordResultRequest",
     'tournament_id: "sichuan-2016" section_id: "open-men" round: 2 board: 2 '
     'result: GAME_RESULT_RED_WIN'),
    ("correct-result", 2, 10, 3, 3, "CorrectResultRequest",
     'tournament_id: "sichuan-2016" section_id: "open-men" round: 1 board: 1 '
     'result: GAME_RESULT_BLACK_WIN reason: "score sheet"'),
    ("record-foul", 2, 11, 2, 3, "RecordFoulRequest",
     'tournament_id: "sichuan-2016" player_id: 1 round: 2 kind: '
     'FOUL_KIND_PERPETUAL_CHECK note: "three times"'),
]


def command_seeds():
    protos = ["qiwang/v1/tournament_service.proto",
              "qiwang/v1/pairing_service.proto",
              "qiwang/v1/play_service.proto"]
    for name, state, command, role, day, message, text in COMMANDS:
        encoded = subprocess.run(
            ["protoc", "-I", str(ROOT / "proto"),
             "--encode=qiwang.v1." + message] + protos,
            input=text.encode(), capture_output=True, check=True).stdout
        write("command_validation", name,
              bytes([state, command, role, day]) + encoded)


def http_request_seeds():
    # Byte 1's bit 1 says the envelope is gzip (Connect-Content-Encoding).
    message = gzip.compress(
        b'{"tournamentId":"sichuan-2016","rankingId":"open-men"}', mtime=0)
    write("http_request", "envelope-gzip",
          b"\x07\x02\x01" + sized(message))
    write("http_request", "gzip-bomb",
          b"\x00\x00" + gzip.compress(b" " * (1 << 20), mtime=0))
    write("http_request", "not-utf8",
          b"\x00\x00/qiwang.v1.No\xff\xfe\xc3\x01\x1fService/\xed\xa0\x80X")


XLSX_PARTS = {
    "xl/workbook.xml":
        '<workbook xmlns:r="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships"><workbookPr/><sheets>'
        '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels":
        '<Relationships><Relationship Id="rId1" Type="http://x/worksheet" '
        'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" '
        'Type="http://x/sharedStrings" Target="sharedStrings.xml"/>'
        '<Relationship Id="rId3" Type="http://x/styles" '
        'Target="styles.xml"/></Relationships>',
    "xl/sharedStrings.xml":
        '<sst><si><t>rank</t></si><si><t>\u5218\u5907</t></si>'
        '<si><r><t>m</t></r><rPh><t>x</t></rPh></si></sst>',
    "xl/styles.xml":
        '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>'
        '</numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/>'
        '</cellXfs></styleSheet>',
    "xl/worksheets/sheet1.xml":
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>'
        '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>1</v></c>'
        '<c r="C2" t="inlineStr"><is><t>5107001</t></is></c>'
        '<c r="D2" s="1"><v>29222</v></c><c r="E2" t="s"><v>2</v></c></row>'
        '</sheetData></worksheet>',
}


def station_ranking_seeds():
    write("station_ranking", "gbk.csv",
          "rank,name,id_number,birth_date,gender\n"
          "1,\u5218\u5907,5107001,1980-01-02,m\n".encode("gbk"))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as book:
        for name, text in XLSX_PARTS.items():
            info = zipfile.ZipInfo(name, date_time=(2016, 10, 14, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            book.writestr(info, text.encode("utf-8"))
    write("station_ranking", "ranking.xlsx", archive.getvalue())


if __name__ == "__main__":
    record_seeds()
    command_seeds()
    http_request_seeds()
    station_ranking_seeds()
