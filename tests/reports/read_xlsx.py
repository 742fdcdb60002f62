#!/usr/bin/env python3
"""Prints an .xlsx workbook as JSON, read by openpyxl (an independent
reader): {"sheets": [{"name": ..., "rows": [[cell, ...], ...]}]}, numbers as
numbers, empty cells as null."""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1], read_only=True)
sheets = []
for sheet in book.worksheets:
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    sheets.append({"name": sheet.title, "rows": rows})
json.dump({"sheets": sheets}, sys.stdout, ensure_ascii=False)
