"""What other apps may listen to: a match's outcome changed.

Leagues and ratings keep stored figures (standings, ratings) that depend on how a match ended.
Rather than have ``matches`` know about them (dependencies point into ``matches``, never out),
every write sends ``match_recorded`` once its transaction commits, with the match and the state
it left. Receivers decide what concerns them (a finished match, a corrected one, an undo that
reopened one) and must not fail the write: they run after the commit.
"""

from __future__ import annotations

from django.dispatch import Signal

# kwargs: match (Match), state (scoring.MatchState), action ("add" | "correct" | "undo",
# "end" | "resume" for a match ended early and taken back, or "delete" | "restore" for a
# finished match hidden or brought back),
# number (the deal concerned), was_finished (bool: the match was finished before this write).
match_recorded = Signal()
