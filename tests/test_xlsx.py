"""``output.xlsx.table_xlsx``: tables as a workbook Excel opens: numbers as numbers, text as text
(a cell starting with '=' is never a formula), one sheet per table under a name Excel accepts."""

from __future__ import annotations

import io
import re
import zipfile

from scorekeeper.output.xlsx import table_xlsx


def parts(data: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        return {name: book.read(name).decode() for name in book.namelist() if name.endswith(".xml")}


def test_numbers_stay_numbers_and_text_that_looks_like_a_formula_stays_text() -> None:
    found = parts(table_xlsx({"Standings": (["rank", "entrant", "match points"],
                                            [[1, "=HYPERLINK(\"x\")", 9], [2, "Bruno", 6.5]])}))
    sheet = found["xl/worksheets/sheet1.xml"]
    assert "<f>" not in sheet  # no formula anywhere
    assert re.findall(r'<c r="C[2-9]"(?: s="\d+")?><v>([^<]+)</v>', sheet) == ["9", "6.5"]
    assert "=HYPERLINK" in found["xl/sharedStrings.xml"].replace("&quot;", '"')


def test_one_sheet_per_table_with_names_excel_accepts() -> None:
    found = parts(table_xlsx({"Round 1/2: [A]": (["a"], [[1]]), "round 1/2: [a]": (["b"], [[2]]),
                              "x" * 40: (["c"], [])}))
    names = re.findall(r'<sheet name="([^"]+)"', found["xl/workbook.xml"])
    assert names == ["Round 1_2_ _A_", "round 1_2_ _a_ (2)", "x" * 31]
    assert len([n for n in found if n.startswith("xl/worksheets/sheet")]) == 3
