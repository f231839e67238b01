"""Benchmark of the tournaments' TV page with the league tables of the seasons that count the
tournament (the wiring of issues 22 and 23): how long the page takes to load, as the TV loads it
each time the tournament's version moves, with a season of days over the whole history and a season
of the tournament itself. The TV's goal: the page updated within 3 s of a result.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_tv_seasons.py [--matches 100000] [--folder DIR]

The history is ``bench_ratings.py``'s (``--matches`` one-hand finished matches between 40 players,
kept in the folder between runs; each run works on a copy), with a round robin of 8 of its players
added, and two seasons: "All days" (every day of the history, so its table reads every match) and
"Cup season" (the tournament by name). Figures: the TV page without and with the seasons (warm),
and the TV page after one more table's match finished (the ratings' cache takes that match first).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))
from bench_ratings import PLAYERS, calibrate, kept, timed  # noqa: E402

from scorekeeper.history.points_only import add_points_hand  # noqa: E402
from scorekeeper.history.seasons import new_season  # noqa: E402
from scorekeeper.history.store import Store  # noqa: E402
from scorekeeper.history.tournament_rounds import pair_next  # noqa: E402
from scorekeeper.history.tournaments import create_tournament  # noqa: E402
from scorekeeper.rules.catalog import load_rules  # noqa: E402
from scorekeeper.tournament.settings import Settings  # noqa: E402
from scorekeeper.web.app import create_app  # noqa: E402

TOKEN = "token-for-the-bench-0123456789"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000, help="finished matches in the history")
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "scorekeeper-bench-ratings",
                        help="where the history is built and kept between runs")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", str(args.folder / "cache"))
    work = args.folder / "work-tv"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    db = work / "history.sqlite"
    shutil.copyfile(kept(args.folder, args.matches), db)
    with Store(db) as store:
        loaded = create_tournament(store, "Cup", load_rules("scopa"), Settings("round-robin", "scopa"), PLAYERS[:8])
        _loaded, rnd = pair_next(store, "Cup")
    tables = list(rnd.tables)
    web = TestClient(create_app(db, TOKEN))
    assert web.get(f"/join?token={TOKEN}").status_code == 200
    page = f"/t/{loaded.id}/tv"

    def tv() -> None:
        answer = web.get(page)
        assert answer.status_code == 200, answer.text

    figures = [("calibration loop (0.25 s on an idle core)", calibrate())]
    tv()  # the ratings' cache worked out once, as after any first start
    figures.append(("TV page, no season", timed(tv, 9)))
    with Store(db) as store:
        new_season(store, "All days", starts="2000-01-01", ends="2999-12-31")
        new_season(store, "Cup season", tournaments=("Cup",))
    tv()
    assert "Season All days" in web.get(page).text
    figures.append(("TV page, with both seasons (warm)", timed(tv, 9)))
    after: list[tuple[float, float]] = []
    for table in tables:  # a table's match finishes, the TV loads its page
        first, second = ("+".join(side) for side in table.sides)
        with Store(db) as store:
            add_points_hand(store, str(table.match), [f"{first}=11", f"{second}=2"])
        after.append(timed(tv, 1))
    figures.append(("TV page after one more match finished (median)",
                    (sorted(w for w, _c in after)[len(after) // 2], sorted(c for _w, c in after)[len(after) // 2])))
    figures.append(("calibration loop, again", calibrate()))
    print(f"{args.matches:,} finished matches, {sys.executable}")
    print(f"  {'':<52} {'wall':>9}    {'CPU':>9}")
    for what, (wall, cpu) in figures:
        print(f"  {what:<52} {wall * 1000:9.1f} ms {cpu * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
