"""Benchmark of the ratings (issue 23) with 10^5 finished matches in the history: working the
ratings out from the start, the ratings list, a player's page and a season's table, in process and
as a command run as a user runs it.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_ratings.py [--matches 100000] [--folder DIR]

The history is built through the library: for each game, a few real matches are played with
``start_match`` and ``add_hand`` in a scratch history to learn their rows; the big history then
holds ``--matches`` one-hand matches between 40 players drawn at random (Scopa 1 v 1, Hurricane
1 v 1, Scopone 2 v 2 in turn), each finishing a minute after the last, written by the ``Store``
methods the commands use. It is kept in the folder, so a second run starts at once; each run
works on a copy. The baseline is ``match list`` on the same history, and the openskill updates
alone (the same matches rated with no history read or written).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper.cli.common import with_options
from scorekeeper.history.matches import add_hand, start_match
from scorekeeper.history.players import directory
from scorekeeper.history.points_only import add_points_hand
from scorekeeper.history.ratings import player_page, ratings_list
from scorekeeper.history.results import finished
from scorekeeper.history.seasons import new_season, season_table
from scorekeeper.history.store import Store
from scorekeeper.match.ending import match_settings
from scorekeeper.ratings.rating import rate
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.stored import digest, rules_json
from scorekeeper.scoring.hand import HandSpec

BUILD = 3  # bump when the way the history is built changes
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [f"P{n:02d}" for n in range(40)]
GAMES = (("scopa", 1), ("hurricane", 1), ("scopone", 2))  # rule set, players per side


def templates(scratch: Path, rng: random.Random) -> dict[str, list[tuple[list[list[object]], dict[str, object]]]]:
    """Per game, finished one-hand matches as stored: (their rows' hands, their summary), by side
    index (the side names are put in when they are copied)."""
    out: dict[str, list[tuple[list[list[object]], dict[str, object]]]] = {}
    with Store(scratch) as store:
        for rules_id, size in GAMES:
            rules = load_rules(rules_id)
            sides = ["A", "B"] if size == 1 else ["A+B", "C+D"]
            cards = [str(c) for c in rules.cards.cards]
            found: list[tuple[list[list[object]], dict[str, object]]] = []
            while len(found) < 12:
                settings = match_settings(rules, sides, target=1)
                match_id = start_match(store, settings)
                takers = ["A", "B"] if size == 1 else ["A", "C"]  # a team is named by any of its players
                piles: dict[str, list[str]] = {s: [] for s in takers}
                for card in cards:
                    piles[rng.choice(takers)].append(card)
                spec = with_options(HandSpec(), piles=[f"{s}={' '.join(p)}" for s, p in piles.items()])
                add_hand(store, str(match_id), spec, force=True)
                with store.read():
                    summary = store.summary(match_id)
                    row = store.load(match_id)
                if summary["finished"]:
                    found.append(([[h.sides, h.typed, h.categories, h.match_winner, h.problems, h.forced]
                                   for h in row.live_hands], summary))
            out[rules_id] = found
    return out


def build(path: Path, matches: int) -> None:
    rng = random.Random(23)
    scratch = path.with_suffix(".scratch")
    for extra in ("", "-wal", "-shm"):
        Path(f"{scratch}{extra}").unlink(missing_ok=True)
    pools = templates(scratch, rng)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    with Store(path) as store:
        texts = {rid: rules_json(load_rules(rid)) for rid, _size in GAMES}
        for first in range(0, matches, 1000):
            with store.write():
                for n in range(first, min(first + 1000, matches)):
                    rules_id, size = GAMES[n % len(GAMES)]
                    text = texts[rules_id]
                    store.put_rules(rules_id, text, digest(text))
                    people = rng.sample(PLAYERS, 2 * size)
                    sides = [people[:size], people[size:]]
                    names = ["+".join(s) for s in sides]
                    hands, summary = rng.choice(pools[rules_id])
                    template = ["A", "B"] if size == 1 else ["A+B", "C+D"]
                    rename = dict(zip(template, names, strict=True))
                    at = (start + timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%SZ")
                    totals = {rename[k]: v for k, v in dict(summary["totals"]).items()}  # type: ignore[call-overload]
                    match_id = store.insert_match(
                        uid=f"rated{n:08d}", name="", created=at, rules_key=digest(text),
                        sides=[[name, players] for name, players in zip(names, sides, strict=True)], target=1,
                        finish="count-out-if-tied", enabled=[],
                        summary=(1, totals, True, rename[str(summary["winner"])], int(str(summary["stake"] or 1))))
                    store.insert_event(match_id, "new", at=at)
                    for number, (_sides, typed, categories, winner, problems, forced) in enumerate(hands, start=1):
                        event = store.insert_event(match_id, "add", number, at=at)
                        store.insert_hand(match_id, number, {
                            "sides": names, "typed": typed, "categories": categories,
                            "match_winner": [winner[0], rename[winner[1]]] if winner else None,  # type: ignore[index]
                            "problems": problems, "forced": forced}, event)
        new_season(store, "Spring", starts="2025-03-01", ends="2025-05-31")


def kept(folder: Path, matches: int) -> Path:
    path = folder / f"rated-{matches}-build{BUILD}.sqlite"
    if not path.exists():
        begin = time.perf_counter()
        partial = path.with_suffix(".partial")
        for extra in ("", "-wal", "-shm"):
            Path(f"{partial}{extra}").unlink(missing_ok=True)
        build(partial, matches)
        partial.rename(path)
        print(f"built {matches:,} matches in {time.perf_counter() - begin:.0f} s: {path}", flush=True)
    return path


def command(db: Path, *args: str) -> tuple[float, float]:
    """Seconds of one command in a new process: wall clock, and CPU (user + system, the child's)."""
    env = dict(os.environ, SCOREKEEPER_DB=str(db), PYTHONPATH=f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    begin = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - begin
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"scorekeeper {' '.join(args)} failed")
    return took, usage.ru_utime + usage.ru_stime


def commands(db: Path, times: int, *args: str) -> tuple[float, float]:
    runs = [command(db, *args) for _ in range(times)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def timed(job: object, times: int) -> tuple[float, float]:
    """Median seconds of ``job()`` over ``times`` runs: wall clock, and this process's CPU time (which
    other processes on a busy machine change far less)."""
    walls, cpus = [], []
    for _ in range(times):
        begin, cpu = time.perf_counter(), time.process_time()
        job()  # type: ignore[operator]
        walls.append(time.perf_counter() - begin)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def calibrate() -> tuple[float, float]:
    """Seconds for a fixed pure-Python loop: puts the figures in scale (about 0.25 s on an idle core)."""
    return timed(lambda: sum(range(30_000_000)), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000, help="finished matches in the history")
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "scorekeeper-bench-ratings",
                        help="where the history is built and kept between runs")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", str(args.folder / "cache"))
    work = args.folder / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    db = work / "history.sqlite"
    shutil.copyfile(kept(args.folder, args.matches), db)
    figures: list[tuple[str, tuple[float, float]]] = [("calibration loop (0.25 s on an idle core)", calibrate())]
    with Store(db) as store:
        def read() -> None:
            with store.read():
                finished(store, directory(store))

        figures.append(("read the finished matches in order (no rating)", timed(read, 3)))
        with store.read():
            results = finished(store, directory(store))
        figures.append(("openskill updates alone (baseline)", timed(lambda: rate(results.matches), 1)))

        def cold() -> None:
            with store.write():
                store.db.execute("DELETE FROM rating_cache")
            ratings_list(store)

        figures.append(("work the ratings out and store them (cold)", timed(cold, 3)))
        figures.append(("ratings list (warm)", timed(lambda: ratings_list(store), 9)))
        one_more: list[tuple[float, float]] = []
        for n in range(5):  # a match finishes: only it is rated, from where the ratings stood
            match_id = start_match(store, match_settings(load_rules("scopa"), [PLAYERS[n], PLAYERS[n + 1]]))
            add_points_hand(store, str(match_id), [f"{PLAYERS[n]}=11", f"{PLAYERS[n + 1]}=2"])
            one_more.append(timed(lambda: ratings_list(store), 1))
        figures.append(("ratings list after one more match finished", (
            statistics.median(w for w, _c in one_more), statistics.median(c for _w, c in one_more))))
        figures.append(("a player's page (warm)", timed(lambda: player_page(store, "p07"), 9)))
        figures.append(("season table, 3 months (warm)", timed(lambda: season_table(store, "spring"), 9)))
    figures.append(("scorekeeper match list (baseline command)", commands(db, 5, "match", "list")))
    figures.append(("scorekeeper ratings (command, warm)", commands(db, 5, "ratings")))
    figures.append(("scorekeeper player P07 (command, warm)", commands(db, 5, "player", "P07")))
    figures.append(("scorekeeper season show Spring (command, warm)", commands(db, 5, "season", "show", "Spring")))
    figures.append(("calibration loop, again", calibrate()))
    print(f"{args.matches:,} finished matches, {len(PLAYERS)} players, {sys.executable}")
    print(f"  {'':<52} {'wall':>9}    {'CPU':>9}")
    for what, (wall, cpu) in figures:
        print(f"  {what:<52} {wall * 1000:9.1f} ms {cpu * 1000:9.1f} ms")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
