"""What a page that refreshes itself carries: its version and where to ask whether it changed."""

from __future__ import annotations

from django import template
from django.urls import reverse

from live.versions import match_version, watch_token
from matches.models import Match

register = template.Library()


@register.simple_tag
def match_watch_url(match: Match) -> str:
    return reverse("live_watch", args=[watch_token("m", match.pk)])


@register.simple_tag
def live_version(match: Match) -> str:
    return match_version(match)
