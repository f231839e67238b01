"""Issue 24: after every kind of write, every reading face still answers.

``stats`` exited 70 once a hand was entered as points only: a reading face had never met that
kind of hand. Here every write a player can make (a hand by piles, with a wrong claim, by points
only, by categories, an edit, an undo, a claim, delete, restore, abandon, rename, rematch, an import) is followed by
every reading face (``stats`` and its JSON, ``match show`` and its JSON, ``match list``, every
export format, and the phone pages of each match; the ratings and their JSON, a player's page, a
season of days and one of tournaments, a tournament's standings once one is played, and the club
pages /ratings, /p/NAME, the seasons' and the tournament's TV page with their league tables),
which must answer without an internal error. A tournament's round and a players' alias are writes
too.
A fixed walk takes every kind of write once; a hypothesis state machine then tries them in
random orders.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from starlette.testclient import TestClient

from scorekeeper.cli import console_command
from scorekeeper.web.app import create_app

pytestmark = pytest.mark.slow  # every command after every write

TOKEN = "token-for-the-state-machine-0123456789"
#: Scopa hands by piles: Anna coins, settebello and a sweep (3) to Bruno's cards and primiera (2); all to Bruno.
PILES = (["-p", "Anna=d:A234567 h:A2345 s:A c:A", "-p", "Bruno=rest", "-s", "Anna=1"],
         ["-p", "Anna=", "-p", "Bruno=rest"])
EXPORTS = ("csv", "json", "md", "html")
#: The console script's command, built once (each command inside it once, when first run): building
#: the whole tree for every one of the hundreds of commands here took most of the test's time.
COMMAND, RUNNER = console_command(), CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    """A command run in-process as the console script runs it; an exception escaping it fails the test."""
    result = RUNNER.invoke(COMMAND, list(args), prog_name="scorekeeper")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"scorekeeper {' '.join(args)!r} raised {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


class Table:
    """One history, written by the CLI and read by every face."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="faces-"))
        self.db = str(self.folder / "history.sqlite")
        self.ids: list[int] = []
        self.deleted: set[int] = set()
        self.web = TestClient(create_app(Path(self.db), TOKEN))
        assert self.web.get(f"/join?token={TOKEN}").status_code == 200
        self.tournament = False
        assert self.cli("season", "new", "Always", "--from", "2000-01-01", "--to", "2999-12-31")[0] == 0
        assert self.cli("season", "new", "Cups", "--tournament", "Club")[0] == 0

    def cli(self, *args: str) -> tuple[int, str, str]:
        """A command against this history: it may refuse (exit 1 or 2), never fail inside (70)."""
        code, out, err = run(*args, "--db", self.db)
        assert code in (0, 1, 2), (args, code, err)
        assert "internal error" not in err, (args, err)
        return code, out, err

    def start(self) -> None:
        code, out, _err = self.cli("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--json")
        assert code == 0
        self.ids.append(json.loads(out)["id"])

    def latest(self) -> str:
        live = [i for i in self.ids if i not in self.deleted]
        return str(live[-1] if live else self.ids[-1])

    def read_everything(self) -> None:
        """Every reading face answers: exit 0 (or, for a deleted match named by id, a clean refusal)."""
        for args in (("stats",), ("stats", "--json"), ("stats", "--side", "anna", "--rules", "scopa"),
                     ("match", "list"), ("match", "list", "--json")):
            code, _out, err = self.cli(*args)
            assert code == 0, (args, err)
        for fmt in EXPORTS:
            code, _out, err = self.cli("export", "--all", "--format", fmt)
            assert code == 0, (fmt, err)
        self.read_the_club()
        for match_id in self.ids:
            gone = match_id in self.deleted
            for args in (("match", "show", str(match_id)), ("match", "show", str(match_id), "--json")):
                code, out, err = self.cli(*args)
                assert (code != 0 and "restore" in err) if gone else code == 0, (args, err)
                if args[-1] == "--json" and not gone:
                    assert json.loads(out)["id"] == match_id
            for page in (f"/m/{match_id}", f"/m/{match_id}/hand", *(f"/m/{match_id}/export/{f}" for f in EXPORTS)):
                status = self.web.get(page).status_code
                # a deleted match's pages say so in their own way; a live one's answer (the hand page of a
                # finished match says it is over: 409)
                assert status < 500 if gone else status == 200 or (page.endswith("/hand") and status == 409), \
                    (page, status)

    def read_the_club(self) -> None:
        """The ratings, a player's page, the seasons, the tournament's standings, and their pages."""
        reads = [("ratings",), ("ratings", "--json"), ("player", "Anna"), ("season", "show", "Always"),
                 ("season", "show", "Cups", "--json")]
        if self.tournament:
            reads += [("tournament", "standings"), ("tournament", "standings", "--json")]
        for args in reads:
            code, out, err = self.cli(*args)
            # Anna is a player once she sat in a match that is not deleted
            assert code == 0 or (args[0] == "player" and code == 2 and "no such player" in err), (args, err)
            if args[-1] == "--json" and code == 0:
                json.loads(out)
        for page in ("/ratings", "/p/Anna", "/s/Always", "/s/Cups", *(["/t/1/tv"] if self.tournament else [])):
            status = self.web.get(page).status_code
            assert status == 200 or (page == "/p/Anna" and status == 400), (page, status)

    # The writes, each as a player types it.
    def add_piles(self, which: int) -> None:
        self.cli("match", "add", self.latest(), *PILES[which % len(PILES)])

    def add_with_a_wrong_claim(self) -> None:
        """Stored as counted, the claim noted (exit 1 all the same)."""
        self.cli("match", "add", self.latest(), *PILES[0], "--claim", "Anna=9")

    def add_points(self, anna: int, bruno: int) -> None:
        self.cli("match", "add", self.latest(), "--points", f"Anna={anna}", "--points", f"Bruno={bruno}")

    def add_by_categories(self) -> None:
        self.cli("match", "add", self.latest(), "--took", "cards=Bruno", "--took", "coins=Anna",
                 "--took", "settebello=Anna", "--took", "primiera=Bruno", "--sweeps", "Anna=2")

    def edit_first(self) -> None:
        self.cli("match", "edit", self.latest(), "1", *PILES[1])

    def undo(self) -> None:
        self.cli("match", "undo", self.latest())

    def claim(self) -> None:
        self.cli("match", "claim", self.latest(), "Anna")

    def delete(self) -> None:
        ref = self.latest()
        if self.cli("match", "delete", ref)[0] == 0:
            self.deleted.add(int(ref))

    def restore(self) -> None:
        for match_id in sorted(self.deleted):
            assert self.cli("match", "restore", str(match_id))[0] == 0
        self.deleted.clear()

    def abandon(self) -> None:
        self.cli("match", "abandon", self.latest())

    def rename(self, name: str) -> None:
        self.cli("match", "rename", self.latest(), name)

    def rematch(self) -> None:
        code, out, _err = self.cli("match", "rematch", self.latest(), "--json")
        if code == 0:
            self.ids.append(json.loads(out)["id"])

    def tournament_round(self) -> None:
        """Start the tournament (the first time), pair its next round and play its tables (a round
        may be refused: the tournament is over)."""
        if not self.tournament:
            entrants = [a for name in ("Anna", "Bruno", "Carla", "Dino") for a in ("--entrant", name)]
            assert self.cli("tournament", "new", "Club", "--rules", "scopa", "--format", "swiss", "--rounds", "2",
                            *entrants)[0] == 0
            self.tournament = True
        code, out, _err = self.cli("tournament", "pair", "--json")
        for table in json.loads(out)["tables"] if code == 0 else []:
            first, second = table["entrants"]
            self.cli("match", "add", str(table["match"]), "--points", f"{first}=11", "--points", f"{second}=4")

    def alias(self) -> None:
        """A second name for Anna (refused once she has it)."""
        self.cli("players", "alias", "Anna", "Annie")

    def import_export(self) -> None:
        """Export everything as JSON into a fresh history, then import it back here (old matches are
        recognised; none is doubled) and into the fresh one."""
        path = self.folder / "export.json"
        assert self.cli("export", "--all", "--format", "json", "--output", str(path))[0] == 0
        before = json.loads(self.cli("match", "list", "--json", "--limit", "0")[1])
        self.cli("import", str(path))
        after = json.loads(self.cli("match", "list", "--json", "--limit", "0")[1])
        assert len(after) == len(before)


def test_every_reading_face_answers_after_every_kind_of_write():
    table = Table()
    table.start()
    table.read_everything()
    writes = [
        lambda: table.add_piles(0), table.add_with_a_wrong_claim, lambda: table.add_points(2, 1),
        table.add_by_categories, table.edit_first,
        table.undo, lambda: table.rename("Friday `*night*` | 1"), table.delete, table.restore, table.rematch,
        lambda: table.add_points(0, 4), table.claim, table.abandon, table.restore, table.import_export,
        lambda: table.add_piles(1), table.undo, table.undo, table.tournament_round, table.alias,
        table.tournament_round, table.tournament_round,
    ]
    for write in writes:
        write()
        table.read_everything()


class ReadingFaces(RuleBasedStateMachine):
    """Random writes; after each, every face reads."""

    @initialize()
    def begin(self) -> None:
        self.table = Table()
        self.table.start()

    @rule(which=st.integers(0, 1))
    def piles(self, which: int) -> None:
        self.table.add_piles(which)

    @rule(anna=st.integers(0, 6), bruno=st.integers(0, 6))
    def points(self, anna: int, bruno: int) -> None:
        self.table.add_points(anna, bruno)

    @rule()
    def wrong_claim(self) -> None:
        self.table.add_with_a_wrong_claim()

    @rule()
    def by_categories(self) -> None:
        self.table.add_by_categories()

    @rule()
    def edit(self) -> None:
        self.table.edit_first()

    @rule()
    def undo(self) -> None:
        self.table.undo()

    @rule()
    def delete_then_maybe_restore(self) -> None:
        self.table.delete()

    @rule()
    def restore(self) -> None:
        self.table.restore()

    @rule(name=st.sampled_from(["", "Anna's `night`", "*bold* _x_", "x" * 300]))
    def rename(self, name: str) -> None:
        self.table.rename(name)

    @rule()
    def rematch(self) -> None:
        self.table.rematch()

    @rule()
    def tournament_round(self) -> None:
        self.table.tournament_round()

    @rule()
    def alias(self) -> None:
        self.table.alias()

    @rule()
    def import_export(self) -> None:
        self.table.import_export()

    @invariant()
    def every_face_reads(self) -> None:
        if hasattr(self, "table"):
            self.table.read_everything()


ReadingFaces.TestCase.settings = settings(max_examples=5, stateful_step_count=8, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_reading_faces_in_random_orders = ReadingFaces.TestCase
