"""The replayed state of a match, kept in the shared cache under the version of its row.

Why: a write has to know the match's state before the new deal, and replaying every stored
round for it (reading and decoding each round, then the engine's fold) made a deal cost more
the longer the match was: at 150 deals the read and the replay were most of a round's save.
The write that stores a deal has just computed the state after it, so it leaves that state
here, and the next write of the match starts from it instead of from the first deal.

A key names the match, its version and the engine's code, so an entry can only be right or
missing, never stale: every write of a match's rounds moves ``Match.updated_at`` under the
match's row lock (and an admin's edit of the match row moves it too), and a new deploy of the
rules engine has other keys. The cache is Django's (Redis where several app servers run,
``docs/deploy.md``), so nothing lives in one process. A cache that fails or is missing an entry
costs a replay, never an answer: every error here is logged and read as a miss.
"""

from __future__ import annotations

import copyreg
import hashlib
import logging
import pickle
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Any

from django.core.cache import cache

import scoring
from scoring import MatchState
from scoring.match import ScoreLog

log = logging.getLogger(__name__)

KEPT_FOR = 6 * 60 * 60  # seconds: a table enters a deal every few minutes


def _engine_version() -> str:
    """A digest of the rules engine's source: a state replayed by other rules is another key."""
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(Path(scoring.__file__).parent.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


ENGINE = _engine_version()
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def key(match_id: int, version: datetime) -> str:
    """The entry of a match at one version (microseconds, exactly as the database keeps them)."""
    return f"replay:{ENGINE}:{match_id}:{(version - _EPOCH) // timedelta(microseconds=1)}"


def cached(match_id: int, version: datetime) -> MatchState | None:
    try:
        packed = cache.get(key(match_id, version))
        return pickle.loads(packed) if packed is not None else None
    except Exception:  # a cache or an entry that cannot be read is a miss (see the docstring)
        log.warning("replay cache: could not read match %s", match_id, exc_info=True)
        return None


def cached_many(versions: dict[int, datetime]) -> dict[int, MatchState]:
    """The kept states of several matches (match id: version), in one call to the cache."""
    keys = {key(match_id, version): match_id for match_id, version in versions.items()}
    try:
        found = cache.get_many(list(keys))
        return {keys[name]: pickle.loads(packed) for name, packed in found.items()}
    except Exception:
        log.warning("replay cache: could not read %s matches", len(keys), exc_info=True)
        return {}


def keep(match_id: int, version: datetime, state: MatchState) -> None:
    try:
        cache.set(key(match_id, version), pickle.dumps(state, pickle.HIGHEST_PROTOCOL), KEPT_FOR)
    except Exception:
        log.warning("replay cache: could not keep match %s", match_id, exc_info=True)


# --- pickling the engine's immutable values --------------------------------------------------
# The engine keeps options and extras read-only (``MappingProxyType``, which pickle refuses) and
# its score log as a chain of links (which pickle would follow one nested call per deal, too
# deep for a long match). Both are rebuilt from plain values instead; the log in one piece
# (``ScoreLog.of``), so reading a kept state costs the same at deal 300 as at deal 3.


def _read_only(values: dict[str, Any]) -> MappingProxyType[str, Any]:
    return MappingProxyType(values)


def _score_log(scores: tuple[tuple[int, ...], ...]) -> ScoreLog:
    return ScoreLog.of(scores)


copyreg.pickle(MappingProxyType, lambda proxy: (_read_only, (dict(proxy),)))
copyreg.pickle(ScoreLog, lambda chain: (_score_log, (chain.as_tuple(),)))
