"""A club's evenings as an iCalendar feed (RFC 5545, written by the ``icalendar`` package): an
event per evening of the club's current competitions, with what is played and the options its
tables start with, so members see the club nights in their own calendars. An evening with a time
of day starts then in the club's time zone (the site's ``TIME_ZONE``, written out as a
VTIMEZONE so every calendar app reads it alike); one without is a whole day."""

from __future__ import annotations

import datetime
import re
import zoneinfo

from django.conf import settings
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from league.models import Evening
from players.models import Club

# What ``league.models.new_calendar_token`` makes (32 random bytes, URL-safe base64).
CALENDAR_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def club_feed(club: Club, domain: str) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Scoreblok//club evenings//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", club.name)
    evenings = (
        Evening.objects.filter(competition__club=club, competition__archived_at__isnull=True)
        .select_related("competition")
        .order_by("date", "pk")
    )
    stamp = datetime.datetime.now(tz=datetime.UTC)
    for evening in evenings:
        event = Event()
        event.add("uid", f"evening-{evening.pk}@{domain}")
        event.add("dtstamp", stamp)
        if evening.starts_at is None:
            event.add("dtstart", evening.date)
            event.add("dtend", evening.date + datetime.timedelta(days=1))
        else:
            zone = zoneinfo.ZoneInfo(settings.TIME_ZONE)
            event.add("dtstart", datetime.datetime.combine(evening.date, evening.starts_at, tzinfo=zone))
        event.add("summary", f"{club.name}: {evening.competition.name} ({evening.game_name})")
        event.add("location", club.name)
        options = "; ".join(
            f"{game}: " + ", ".join(f"{label} {value}" for label, value in words)
            for game, words in evening.option_lines()
        )
        lines = [
            _("%(game)s, for %(competition)s.")
            % {"game": evening.game_name, "competition": evening.competition.name}
        ]
        if options:
            lines.append(_("Tables play with: %(options)s") % {"options": options})
        event.add("description", "\n".join(lines))
        calendar.add_component(event)
    timed = [evening.date for evening in evenings if evening.starts_at is not None]
    if timed:
        calendar.add_missing_timezones(
            first_date=min(timed) - datetime.timedelta(days=366),
            last_date=max(timed) + datetime.timedelta(days=366),
        )
    return calendar.to_ical()
