"""The history never loses a hand: SIGKILL at random moments, two writers at once, clear errors for
folders that cannot hold it, the schema version, and a trail that keeps undone and edited hands."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from scorekeeper.cli.common import with_options
from scorekeeper.history.matches import (
    add_hand,
    edit_hand,
    load_match,
    start_match,
    undo,
)
from scorekeeper.history.store import SCHEMA_VERSION, Store, StoreError
from scorekeeper.match.ending import match_settings
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec

# Scopa: Anna 3, Bruno 2 (most coins, settebello, a sweep against most cards and primiera).
pytestmark = pytest.mark.slow  # processes killed at random

HAND = with_options(HandSpec(), piles=["Anna=d:A234567 h:A2345 s:A c:A", "Bruno=rest"], sweeps=["Anna=1"])
OTHER = with_options(HandSpec(), piles=["Anna=h:A", "Bruno=rest"], sweeps=["Bruno=2"])


def endless_match(path: Path) -> int:
    with Store(path) as store:
        # the highest target a match may have: at 3 points a hand, 3,334 hands before it ends
        return start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=10_000))


def _writer(path: Path, match_id: int, out: int, hands: int | None = None) -> None:
    """Child process: add hands, reporting each number once its add has returned."""
    try:
        with Store(path) as store:
            done = 0
            while hands is None or done < hands:
                entered = add_hand(store, str(match_id), HAND)
                os.write(out, f"{entered.number}\n".encode())
                done += 1
    finally:
        os._exit(0)


def _fork_writer(path: Path, match_id: int, hands: int | None = None) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        _writer(path, match_id, write, hands)
    os.close(write)
    return pid, read


def _drain(fd: int) -> list[int]:
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    return [int(n) for n in data.split()]


def _check_whole(path: Path, match_id: int) -> int:
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    with Store(path) as store:
        match = load_match(store, str(match_id))
        live = match.row.live_hands
        # no half hand: every stored hand is complete and numbered 1..n, and the summary agrees
        assert [h.number for h in live] == list(range(1, len(live) + 1))
        assert all(h.sides == ["Anna", "Bruno"] and len(h.categories) == 5 for h in live)
        assert match.state.totals == {"Anna": 3 * len(live), "Bruno": 2 * len(live)}
        hands, totals = store.db.execute("SELECT hands, totals FROM matches WHERE id = ?", (match_id,)).fetchone()
        assert (hands, json.loads(totals)) == (len(live), match.state.totals)
        adds = store.db.execute("SELECT count(*) FROM events WHERE match_id = ? AND kind = 'add'",
                                (match_id,)).fetchone()
        assert adds[0] == len(match.row.hands)
    return len(live)


def test_sigkill_at_random_moments_200_times_loses_no_returned_hand(tmp_path):
    path = tmp_path / "crash.sqlite"
    match_id = endless_match(path)
    rng = random.Random(20261121)
    confirmed = 0
    kills = 0
    # 200 kills at random moments; on a slow or busy machine the writers may have stored too few
    # hands in between to prove anything, so up to 200 more kills come with longer delays.
    while kills < 200 or (confirmed <= 50 and kills < 400):
        kills += 1
        pid, fd = _fork_writer(path, match_id)
        time.sleep(rng.uniform(0.0, 0.03 if kills <= 200 else 0.1))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        numbers = _drain(fd)
        if numbers:
            confirmed = max(confirmed, numbers[-1])
        stored = _check_whole(path, match_id)
        assert stored >= confirmed  # every add that returned is there
        confirmed = stored
    assert confirmed > 50  # the writers really did get hands in between the kills


def test_two_processes_adding_hands_at_once_lose_nothing(tmp_path):
    path = tmp_path / "two.sqlite"
    match_id = endless_match(path)
    writers = [_fork_writer(path, match_id, hands=25) for _ in range(2)]
    numbers = []
    for pid, fd in writers:
        numbers += _drain(fd)
        _, status = os.waitpid(pid, 0)
        assert status == 0
    assert sorted(numbers) == list(range(1, 51))
    assert _check_whole(path, match_id) == 50


def test_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        target = folder if not os.access(folder, os.W_OK) else Path("/proc")  # root may write anywhere else
        with pytest.raises(StoreError, match=r"cannot (create|open) the history .*"):
            Store(target / "history.sqlite")
    finally:
        folder.chmod(0o755)


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(StoreError, match=r"the folder .*nowhere does not exist"):
        Store(tmp_path / "nowhere" / "history.sqlite")


def test_schema_version_and_durability_settings(tmp_path):
    with Store(tmp_path / "h.sqlite") as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "future.sqlite"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="written by a newer scorekeeper"):
        Store(path)


def test_undo_and_edit_are_events_and_the_old_hands_stay(tmp_path):
    path = tmp_path / "trail.sqlite"
    match_id = endless_match(path)
    with Store(path) as store:
        add_hand(store, None, HAND)
        add_hand(store, None, HAND)
        undo(store, None)
        edit_hand(store, str(match_id), 1, OTHER)
        match = load_match(store, None)
        assert match.state.totals == {"Anna": 0, "Bruno": 1 + 1 + 1 + 1 + 2}  # OTHER: Bruno takes all but Ah
        kinds = [e["kind"] for e in store.events(match_id)]
        assert kinds == ["new", "add", "add", "undo", "edit"]
        assert len(match.row.hands) == 3 and len(match.row.live_hands) == 1
        assert match.row.live_hands[0].typed == {"piles": {"Anna": "h:A", "Bruno": "rest"}, "sweeps": {"Bruno": 2}}


def test_a_recorded_match_keeps_its_rule_set_when_the_file_changes(tmp_path):
    rules = tmp_path / "mine.yaml"
    rules.write_text("extends: hurricane\nid: mine\nname: Mine\nmatch: {target: 16}\n", encoding="utf-8")
    path = tmp_path / "h.sqlite"
    with Store(path) as store:
        start_match(store, match_settings(load_rules(str(rules)), ["Anna", "Bruno"]))
    rules.write_text("extends: hurricane\nid: mine\nname: Mine\nmatch: {target: 99}\n", encoding="utf-8")
    with Store(path) as store:
        match = load_match(store, None)
    assert (match.settings.target, match.settings.rules.match.target, match.settings.rules.name) == (16, 16, "Mine")


def test_a_hand_row_changed_behind_our_back_is_a_clear_error(tmp_path):
    path = tmp_path / "tampered.sqlite"
    match_id = endless_match(path)
    with Store(path) as store:
        add_hand(store, None, HAND)
    db = sqlite3.connect(path)
    db.execute("UPDATE hands SET categories = '[1, 2, 3]'")
    db.commit()
    db.close()
    with Store(path) as store, pytest.raises(StoreError, match=f"match {match_id}: its stored hands cannot be read"):
        load_match(store, None)
