"""The cache folder: validated rule sets kept between runs, so a command need not validate again."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

from scorekeeper._version import __version__


def cache_path(kind: str, name: str) -> Path | None:
    """Where a cached entry of this kind lives, or None when the cache is turned off."""
    root = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if root is None:
        from platformdirs import user_cache_dir

        root = user_cache_dir("scorekeeper", appauthor=False)
    if root == "":  # an empty setting turns the cache off
        return None
    return Path(root) / kind / f"{name}.pickle"


def cache_load(path: Path | None) -> Any:
    """What was cached at ``path`` by this version of scorekeeper, or None."""
    if path is None:
        return None
    try:
        version, payload = pickle.loads(path.read_bytes())
    except Exception:  # a missing, damaged or foreign entry is simply not there
        return None
    return payload if version == __version__ else None


def cache_store(path: Path | None, payload: Any) -> None:
    """Cache ``payload`` at ``path``, atomically; a cache that cannot be written costs only time."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(pickle.dumps((__version__, payload)))
        os.replace(temp, path)
    except OSError:
        pass
