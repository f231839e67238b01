"""Tables as an Excel workbook (XlsxWriter): one sheet per table, its headers in bold and frozen."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

#: Characters Excel refuses in a sheet's name, and the longest name it takes.
_SHEET_FORBIDDEN = "[]:*?/\\"
_SHEET_NAME_MAX = 31


def _sheet_name(name: str, taken: set[str]) -> str:
    """A name Excel accepts, unique in the workbook (any letter case)."""
    clean = "".join("_" if c in _SHEET_FORBIDDEN else c for c in name).strip("'")[:_SHEET_NAME_MAX] or "Sheet"
    candidate, number = clean, 2
    while candidate.casefold() in taken:
        suffix = f" ({number})"
        candidate, number = clean[:_SHEET_NAME_MAX - len(suffix)] + suffix, number + 1
    taken.add(candidate.casefold())
    return candidate


def table_xlsx(sheets: Mapping[str, tuple[Sequence[str], Sequence[Sequence[object]]]]) -> bytes:
    """A workbook of one sheet per entry (sheet name -> (headers, rows)), as the bytes of an .xlsx file.
    Numbers stay numbers; text is written as text (never read as a formula)."""
    import xlsxwriter  # imported only when a workbook is asked for

    buffer = io.BytesIO()
    options = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}  # not for players: options
    book = xlsxwriter.Workbook(buffer, options)
    bold = book.add_format({"bold": True})
    taken: set[str] = set()
    for name, (headers, rows) in sheets.items():
        sheet = book.add_worksheet(_sheet_name(name, taken))
        widths = [len(str(h)) for h in headers]
        for column, head in enumerate(headers):
            sheet.write_string(0, column, str(head), bold)
        for number, row in enumerate(rows, start=1):
            for column, cell in enumerate(row):
                if isinstance(cell, bool) or cell is None:
                    sheet.write_string(number, column, "" if cell is None else str(cell))
                elif isinstance(cell, int | float):
                    sheet.write_number(number, column, cell)
                else:
                    sheet.write_string(number, column, str(cell))
                if column < len(widths):
                    widths[column] = max(widths[column], len(str(cell if cell is not None else "")))
        for column, width in enumerate(widths):
            sheet.set_column(column, column, min(width + 2, 60))
        sheet.freeze_panes(1, 0)
    book.close()
    return buffer.getvalue()
