"""A match as a fold over its rounds.

``Setup`` is how a match is played (game, players, teams, options, first dealer). A game turns
``(setup, progress, round body)`` into the round's scores and its next progress; ``replay``
folds every stored round, so correcting round 3 of 20 is just a replay with that round replaced.

A game is generic over two types of its own: ``P``, the progress it keeps between deals (any
frozen value), and ``H``, the hints it gives for the next deal (a frozen dataclass such as
``PhaseHints``). ``replay`` and ``play_round`` tie them together, so a game only ever gets its
own progress back; code that handles every game (the registry) sees ``Game[object, object]``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Protocol, cast

from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import is_int
from scoring.options import Option, read_options

Scores = tuple[int, ...]
Teams = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    teams: Teams | None
    options: Mapping[str, object]  # every option, defaults filled in (``create_setup``)
    dealer: int

    @cached_property
    def units(self) -> Teams:
        """The scoring units as tuples of seats: the teams, or every seat alone (kept: every
        round of a replay asks for them)."""
        return self.teams if self.teams is not None else tuple((seat,) for seat in range(self.players))

    def option(self, name: str) -> object:
        return self.options[name]

    def int_option(self, name: str) -> int:
        value = self.options[name]
        if not is_int(value):
            raise TypeError(f"option {name!r} is not an integer: {value!r}")
        assert isinstance(value, int)
        return value

    def str_option(self, name: str) -> str:
        value = self.options[name]
        if not isinstance(value, str):
            raise TypeError(f"option {name!r} is not a string: {value!r}")
        return value

    def bool_option(self, name: str) -> bool:
        value = self.options[name]
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} is not a boolean: {value!r}")
        return value


@dataclass(frozen=True)
class Standing:
    """One row of the standings: a unit, its total and rank, and game facts (``phase``...)."""

    unit: int
    seats: tuple[int, ...]
    total: int
    rank: int
    extra: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Next[H]:
    """What comes next at the table: the deal number, its dealer and the game's hints."""

    number: int
    dealer: int
    hints: H | None = None  # the game's own frozen value (``PhaseHints``...), None if it has none


@dataclass(frozen=True)
class Outlook[H]:
    """What a game says about its progress: over or not, the standings (best first) and,
    while it goes on, who deals next and the hints."""

    finished: bool
    standings: tuple[Standing, ...]
    dealer: int | None
    hints: H | None = None


class Game[P, H](Protocol):
    """What every game module provides (one instance, ``GAME``, per module): ``P`` is its
    progress, ``H`` its hints."""

    @property
    def slug(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def options(self) -> tuple[Option, ...]: ...

    @property
    def codes(self) -> frozenset[StrEnum]:
        """The rule codes it raises beyond the generic ones: the members of its own
        ``StrEnum`` (a game module declares its codes beside its rules)."""
        ...

    @property
    def entries_per_seat(self) -> bool:
        """True: one entry per seat even in teams; False: one per scoring unit."""
        ...

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """The teams to play with (a default when ``teams`` is None); raise ``Refused``
        with ``invalid`` at ``teams`` for a shape the game does not allow."""
        ...

    def start(self, setup: Setup) -> P:
        """The progress before deal 1 (any frozen value the game likes)."""
        ...

    def play(
        self, setup: Setup, progress: P, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, P]:
        """Check round ``number`` and score it; raise ``Refused`` if it breaks a rule.

        ``checked=False`` is for a round stored after it passed these checks
        (``replay_stored``): the game may skip every form and rule check and only score it,
        giving the same scores and progress as a checked play."""
        ...

    def outlook(self, setup: Setup, progress: P, totals: Scores) -> Outlook[H]:
        """Standings, end and hints after the rounds played so far."""
        ...


@dataclass(frozen=True, eq=False)
class ScoreLog:
    """The round scores so far, as a chain that shares its past: adding a round is one new link,
    so a fold over n rounds stays linear (a tuple copied at every round made it quadratic).
    Two logs are equal when they hold the same scores (a log that does not hold all of its
    deals, ``resumed``, cannot be compared: ``ValueError``)."""

    last: Scores | None = None  # None only for the empty log
    before: ScoreLog | None = None
    length: int = 0
    # The rounds before ``last`` in one piece, in a log made whole (``of``) rather than round by
    # round: a replay of stored rounds (``replay_stored``) then builds one link, not one per deal.
    earlier: tuple[Scores, ...] = ()
    # False for a log resumed without its deals (``resumed``): it holds the number of deals and
    # the last one's scores, not the scores before it.
    whole: bool = True

    @classmethod
    def of(cls, scores: Sequence[Scores]) -> ScoreLog:
        """A log holding ``scores``, in order, equal to one built by adding them one by one."""
        if not scores:
            return cls()
        return cls(scores[-1], None, len(scores), tuple(scores[:-1]))

    @classmethod
    def resumed(cls, length: int, last: Scores | None) -> ScoreLog:
        """A log of ``length`` deals that holds the last one's scores only: what a state resumed
        from a snapshot knows (the site keeps each deal's scores with its stored round). Adding
        to it works as to any log; listing or comparing its deals raises ``ValueError``."""
        if length < 0 or (last is None) != (length == 0):
            raise ValueError(f"a log of {length} deals with last deal {last!r}")
        if length <= 1:
            return cls(last, None, length)
        return cls(last, None, length, whole=False)

    def add(self, scores: Scores) -> ScoreLog:
        return ScoreLog(scores, self, self.length + 1)

    def split(self) -> tuple[tuple[Scores, ...], tuple[Scores, ...]]:
        """The log as the piece it was made whole from (``earlier``, empty if none) and the
        rounds added after it, oldest first: ``as_tuple`` without joining them."""
        newest_first: list[Scores] = []
        link: ScoreLog | None = self
        while link is not None and link.last is not None:
            if not link.whole:
                raise ValueError(f"this log holds the last deal of {link.length}, not the ones before it")
            newest_first.append(link.last)
            if link.earlier:
                return link.earlier, tuple(reversed(newest_first))
            link = link.before
        return (), tuple(reversed(newest_first))

    def as_tuple(self) -> tuple[Scores, ...]:
        earlier, newer = self.split()
        return earlier + newer

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreLog):
            return NotImplemented
        return self is other or (self.length == other.length and self.as_tuple() == other.as_tuple())

    def __hash__(self) -> int:
        return hash(self.as_tuple())


@dataclass(frozen=True)
class MatchState[P, H]:
    """A match after some rounds. ``totals`` is carried from round to round and ``log`` only
    grows by a link, so playing a round costs the same at deal 2 000 as at deal 2."""

    game: Game[P, H]
    setup: Setup
    totals: Scores  # the sums of the round scores per unit (before any game bonus)
    log: ScoreLog
    progress: P
    outlook: Outlook[H]

    @property
    def played(self) -> int:
        return self.log.length

    @cached_property
    def scores(self) -> tuple[Scores, ...]:
        """Per round, per unit; built from the log once, when a page or a test asks
        (``ValueError`` for a state resumed without its deals' scores: see ``resume``)."""
        return self.log.as_tuple()

    @property
    def finished(self) -> bool:
        return self.outlook.finished

    @property
    def standings(self) -> tuple[Standing, ...]:
        return self.outlook.standings

    @property
    def winners(self) -> tuple[int, ...]:
        """Once finished, the units with rank 1, in unit order; before that none."""
        if not self.finished:
            return ()
        return tuple(sorted(row.unit for row in self.standings if row.rank == 1))

    @property
    def next(self) -> Next[H] | None:
        if self.finished or self.outlook.dealer is None:
            return None
        return Next(self.played + 1, self.outlook.dealer, self.outlook.hints)


def create_setup[P, H](
    game: Game[P, H],
    players: int,
    *,
    teams: object = None,
    options: object = None,
    dealer: object = 0,
) -> Setup:
    """Check a new match's shape and fill in every default; raise ``Refused`` if it is wrong."""
    errors: list[RuleError] = []
    if players not in game.player_counts:
        errors.append(rule_error(Code.WRONG_PLAYER_COUNT, "players", allowed=game.player_counts))
    if dealer is None:
        dealer = 0
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        errors.append(rule_error(Code.INVALID, "dealer"))
    values, option_errors = read_options(game.options, options, players)
    errors += option_errors
    if errors:
        raise Refused(errors)
    checked_teams = game.check_teams(players, read_teams(teams, players))
    assert isinstance(dealer, int)
    return Setup(game.slug, players, checked_teams, values, dealer)


def read_teams(raw: object, players: int) -> Teams | None:
    """Teams as lists of seats, every seat in exactly one team; the game then checks the
    shape. ``None`` means the game's default."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(team, list) and team for team in raw):
        raise refuse(Code.INVALID, "teams")
    seats = [seat for team in raw for seat in team]
    if not all(is_int(seat) for seat in seats) or sorted(seats) != list(range(players)):
        raise refuse(Code.INVALID, "teams")
    return tuple(tuple(team) for team in raw)


def start_match[P, H](game: Game[P, H], setup: Setup) -> MatchState[P, H]:
    progress = game.start(setup)
    zero = (0,) * len(setup.units)
    return MatchState(game, setup, zero, ScoreLog(), progress, game.outlook(setup, progress, zero))


def play_round[P, H](state: MatchState[P, H], body: object) -> MatchState[P, H]:
    """The state after one more round; ``Refused`` (nothing changes) if the round is wrong."""
    if state.finished:
        raise refuse(Code.MATCH_FINISHED)
    scores, progress = state.game.play(state.setup, state.progress, state.played + 1, body)
    scores = tuple(scores)
    totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    return MatchState(
        state.game,
        state.setup,
        totals,
        state.log.add(scores),
        progress,
        state.game.outlook(state.setup, progress, totals),
    )


def end_early[P, H](state: MatchState[P, H]) -> MatchState[P, H]:
    """The match stopped before its planned end (closing time, a player left): over as it
    stands, its running standings (the game's ranks of the totals so far) its final ones, and
    no next deal. A state that is over already is returned as it is. The totals stay the sums
    of the deals played: no end-of-match bonus a game gives only at its real end is added."""
    if state.finished:
        return state
    return dataclasses.replace(state, outlook=Outlook(True, state.outlook.standings, None))


def replay[P, H](game: Game[P, H], setup: Setup, bodies: Sequence[object]) -> MatchState[P, H]:
    """Fold every round from deal 1. Stored rounds are valid, so a refusal here means the
    rules changed under them: it is raised with the round number in the field."""
    state = start_match(game, setup)
    for number, body in enumerate(bodies, start=1):
        state = _replay_one(state, number, body)
    return state


def replay_stored[P, H](game: Game[P, H], setup: Setup, bodies: Sequence[object]) -> MatchState[P, H]:
    """``replay`` for rounds read back from storage, which ``play_round`` checked before they
    were stored: the same state, several times faster, which matters because every request
    replays its match. Rounds are only scored (``Game.play(..., checked=False)``) and the
    standings are worked out once, after the last round, since nothing between needs them.

    Only rounds that passed ``play_round`` in this order may come here; a correction, whose
    later rounds may no longer hold, goes through ``correct_round``, which checks them all.
    """
    progress = game.start(setup)
    play = game.play
    rounds: list[Scores] = []
    for number, body in enumerate(bodies, start=1):
        scores, progress = play(setup, progress, number, body, checked=False)
        rounds.append(tuple(scores))
    # Summed once, by column, and the log made whole: per round, the new totals tuple and the
    # log's link were a third of a short replay's time.
    units = len(setup.units)
    totals: Scores = tuple(sum(column) for column in zip(*rounds, strict=True)) if rounds else (0,) * units
    if len(totals) != units:
        raise ValueError(f"{game.slug} scored {len(totals)} units, the setup has {units}")
    log = ScoreLog.of(rounds)
    return MatchState(game, setup, totals, log, progress, game.outlook(setup, progress, totals))


def correct_round[P, H](
    game: Game[P, H], setup: Setup, bodies: Sequence[object], number: int, body: object
) -> MatchState[P, H]:
    """The match with round ``number`` replaced by ``body`` and everything replayed.

    Errors of the corrected round itself keep their plain fields; a later round that becomes
    impossible is named in the field (``rounds.5.entries.1.points``), and so is the first round
    after a new, earlier end (``match_finished`` at ``rounds.N``, so ``Refused.finished`` is
    False: the correction itself was not posted to a finished match).
    """
    if not 1 <= number <= len(bodies):
        raise refuse(Code.INVALID, "number")
    state = start_match(game, setup)
    for current, stored in enumerate(bodies, start=1):
        state = play_round(state, body) if current == number else _replay_one(state, current, stored)
    return state


def _replay_one[P, H](state: MatchState[P, H], number: int, body: object) -> MatchState[P, H]:
    prefix = f"rounds.{number}"
    if state.finished:
        raise Refused([rule_error(Code.MATCH_FINISHED, prefix)])
    try:
        return play_round(state, body)
    except Refused as refused:
        raise Refused([error.under(prefix) for error in refused.errors]) from refused


# The layout ``snapshot`` writes and ``resume`` reads. Raise it when the meaning of a stored
# snapshot changes in a way its keys do not show (a progress field that keeps its name but counts
# something else): every stored snapshot of another format is then replayed instead of read.
SNAPSHOT_FORMAT = 1


class StaleSnapshot(ValueError):
    """A stored snapshot ``resume`` cannot go on from: another format, a progress that is not
    the game's (a field renamed, added or gone), or scores that are not the ones it was taken
    after. Replaying the stored rounds gives the state; the site then stores a new snapshot."""


def snapshot(state: MatchState[object, object]) -> dict[str, object]:
    """What ``resume`` goes on from, as plain JSON-able values: the format, the number of deals
    played, the totals, the last deal's scores and the game's progress (a dataclass's fields by
    name, tuples written as lists). Its size does not grow with the match. The site stores it
    beside a match's rounds in the same transaction (``Match.snapshot``), so a deal does not read
    and replay every earlier one."""
    progress = state.progress
    if dataclasses.is_dataclass(progress) and not isinstance(progress, type):
        plain = {f.name: _plain(getattr(progress, f.name)) for f in dataclasses.fields(progress)}
    else:
        plain = {"": _plain(progress)}
    last = state.log.last
    return {
        "format": SNAPSHOT_FORMAT,
        "played": state.played,
        "totals": list(state.totals),
        "last": list(last) if last is not None else None,
        "progress": plain,
    }


def resume[P, H](
    game: Game[P, H],
    setup: Setup,
    stored: Mapping[str, object],
    scores: Sequence[Sequence[int]] | None = None,
) -> MatchState[P, H]:
    """The state a ``snapshot`` was taken of: equal to the replay of the same rounds (a property
    test holds it for every game). A game's progress is a frozen dataclass of ints, strings,
    booleans and tuples of them (or one such value), rebuilt here from the progress of a new
    match. ``StaleSnapshot`` for a snapshot of another format or shape: never a ``TypeError``
    from a progress field the game no longer has.

    ``scores``: every deal's scores, as the site stored them with its rounds, for a page that
    shows them (``MatchState.scores``); ``StaleSnapshot`` unless they are the deals the snapshot
    was taken after (as many, the same last deal, adding up to its totals). Without them the
    state knows the totals, the number of deals and the last deal's scores, which is all that
    playing on, the standings and what comes next need; asking it for every deal's scores raises
    ``ValueError``."""
    played, raw_totals, raw_last, raw_progress = (
        stored.get(key) for key in ("played", "totals", "last", "progress")
    )
    if stored.get("format") != SNAPSHOT_FORMAT:
        raise StaleSnapshot(f"{game.slug}: a snapshot of format {stored.get('format')!r}")
    if not (isinstance(played, int) and isinstance(raw_totals, list) and isinstance(raw_progress, dict)):
        raise StaleSnapshot(f"{game.slug}: not a snapshot")
    start = game.start(setup)
    progress: P
    if dataclasses.is_dataclass(start) and not isinstance(start, type):
        names = {f.name for f in dataclasses.fields(start)}
        if set(raw_progress) != names:
            raise StaleSnapshot(f"{game.slug}: a snapshot's progress of {sorted(raw_progress)}")
        fields = {name: _frozen(value) for name, value in raw_progress.items()}
        progress = dataclasses.replace(start, **fields)
    elif set(raw_progress) == {""}:
        progress = cast(P, _frozen(raw_progress[""]))
    else:
        raise StaleSnapshot(f"{game.slug}: a snapshot's progress of {sorted(raw_progress)}")
    totals: Scores = tuple(raw_totals)
    if len(totals) != len(setup.units):
        raise StaleSnapshot(f"{game.slug}: a snapshot of {len(totals)} units, not {len(setup.units)}")
    last = tuple(raw_last) if isinstance(raw_last, list) else None
    if scores is None:
        log = ScoreLog.resumed(played, last)
    else:
        rounds = [tuple(row) for row in scores]
        if len(rounds) != played or (rounds and rounds[-1] != last) or _column_sums(rounds, totals) != totals:
            raise StaleSnapshot(f"{game.slug}: {len(rounds)} deals' scores for a snapshot of {played}")
        log = ScoreLog.of(rounds)
    outlook = game.outlook(setup, progress, totals)
    return MatchState(game, setup, totals, log, progress, outlook)


def _column_sums(rounds: Sequence[Scores], like: Scores) -> Scores:
    return tuple(sum(column) for column in zip(*rounds, strict=True)) if rounds else (0,) * len(like)


def _plain(value: object) -> object:
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, bool | int | str) or value is None:
        return value
    raise TypeError(f"a progress field holds {type(value).__name__}, which a snapshot cannot keep")


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
