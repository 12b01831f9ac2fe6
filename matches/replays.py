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
import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, overload

from django.core.cache import cache

import scoring
from scoring import MatchState
from scoring.match import ScoreLog

log = logging.getLogger(__name__)

KEPT_FOR = 6 * 60 * 60  # seconds: a table enters a deal every few minutes


def _engine_version() -> str:
    """A digest of the rules engine's source and of this module's (how a state is packed): a
    state replayed by other rules, or packed another way, is another key."""
    digest = hashlib.blake2b(sys.byteorder.encode(), digest_size=8)
    for path in [*sorted(Path(scoring.__file__).parent.rglob("*.py")), Path(__file__)]:
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
# deep for a long match). Both are rebuilt from plain values instead.
#
# The log is kept packed: every deal's scores as one run of 32-bit integers (``PackedScores``),
# read back as one link whose earlier rounds stay packed until something reads them (a drawn
# sheet; a save never does). Keeping the state again after a deal copies those bytes and packs
# the deals added since. As tuples, pickling and unpickling the log was most of a kept state's
# cost and grew with the match: 0.2 ms of every save at 300 deals, 0.5 ms at 1 000 (issue 13).
# A game is pickled as its slug: the registry holds the one instance of each.

# Signed, 32 bits on every platform Python runs on, in the machine's order (which is part of every
# key: ``ENGINE``); a log with a score beyond it is kept as tuples.
_INTEGER: Final = "i"


class PackedScores(Sequence[tuple[int, ...]]):
    """Rounds' scores, ``width`` integers a round, packed in ``data``; unpacked (once) when read."""

    __slots__ = ("_rows", "data", "width")

    def __init__(self, width: int, data: bytes) -> None:
        self.width, self.data = width, data
        self._rows: tuple[tuple[int, ...], ...] | None = None

    def rows(self) -> tuple[tuple[int, ...], ...]:
        if self._rows is None:
            numbers = iter(memoryview(self.data).cast(_INTEGER).tolist())
            self._rows = tuple(zip(*[numbers] * self.width, strict=True))
        return self._rows

    def __len__(self) -> int:
        return len(self.data) // (self.width * _SIZE)

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        return self.rows()[index]

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.rows())


_SIZE = array(_INTEGER).itemsize


def _pack(rows: Sequence[tuple[int, ...]]) -> bytes:
    return array(_INTEGER, [score for row in rows for score in row]).tobytes()


def _reduce_log(log: ScoreLog) -> tuple[Any, tuple[Any, ...]]:
    earlier, newer = log.split()
    if not newer:
        return ScoreLog, ()
    width = len(newer[-1])
    try:
        if isinstance(earlier, PackedScores) and earlier.width == width:
            data = earlier.data + _pack(newer)
        else:
            data = _pack(tuple(earlier) + newer)
    except OverflowError:  # a score beyond 32 bits (no game comes near it)
        return ScoreLog.of, (log.as_tuple(),)
    return _packed_log, (width, data)


def _packed_log(width: int, data: bytes) -> ScoreLog:
    """The log of ``data``'s rounds: the last one unpacked, the earlier ones left packed."""
    cut = len(data) - width * _SIZE
    last = tuple(memoryview(data[cut:]).cast(_INTEGER).tolist())
    length = len(data) // (width * _SIZE)
    return ScoreLog(last, None, length, PackedScores(width, data[:cut]) if cut else ())


def _read_only(values: dict[str, Any]) -> MappingProxyType[str, Any]:
    return MappingProxyType(values)


def _reduce_state(state: MatchState) -> tuple[Any, tuple[Any, ...]]:
    """A state as its fields, without what it worked out from them (``scores``, every deal's
    scores as tuples, if a page asked for them before the state was kept)."""
    return MatchState, tuple(getattr(state, name) for name in _STATE_FIELDS)


_STATE_FIELDS = [field.name for field in fields(MatchState)]

copyreg.pickle(MappingProxyType, lambda proxy: (_read_only, (dict(proxy),)))
copyreg.pickle(MatchState, _reduce_state)
copyreg.pickle(ScoreLog, _reduce_log)
for _game in scoring.all_games():
    copyreg.pickle(type(_game), lambda game: (scoring.get_game, (game.slug,)))
