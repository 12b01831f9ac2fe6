"""The league's own signal. ``standings_failed`` is sent by ``Competition.refresh_standings`` when
a rebuild fails, once the failure is recorded (``standings_failed_at``), with the ``competition``
and ``previous``, the failure before it (None: the standings were right until this one). The
model cannot queue the next attempt itself, the tasks being built on the models: the receiver
in ``league.receivers`` does."""

from __future__ import annotations

from django.dispatch import Signal

standings_failed = Signal()
