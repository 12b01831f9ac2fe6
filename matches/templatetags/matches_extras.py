"""Filters the pages share (reading a mapping by a key a template cannot spell, card ranks, who
may score or manage) and the round form's pieces: its fields and the sheet's rows of deals, each
drawn by a template of its own."""

from collections.abc import Mapping
from typing import Any

from django import template

from games.words import rank_label as _rank_label

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``mapping|get:key`` for keys a template cannot spell (numbers, dotted paths)."""
    try:
        return mapping.get(key) if hasattr(mapping, "get") else mapping[key]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def rank_label(rank: str) -> str:
    """The label on a calculator key, in the reader's language (J is B in Dutch, V in French)."""
    return _rank_label(rank)


@register.filter
def scored_by(match: Any, user: Any) -> bool:
    """``match|scored_by:user``: whether the user may enter and correct its rounds."""
    return bool(match.can_score(user))


@register.filter
def may_manage(club: Any, user: Any) -> bool:
    """``club|may_manage:user``: an owner or admin (who may delete and restore its matches)."""
    return bool(club.may_manage(user))


@register.inclusion_tag("matches/round_fields.html")
def round_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """``{% round_fields fields %}``: the round form's entry fields and card calculator, drawn from
    their own context only (``matches.round_fields.fields_context``)."""
    return dict(fields)  # a copy: what the templates set must not land in the page's context


@register.inclusion_tag("matches/round_rows.html")
def round_rows(sheet: Any, keeps: bool, last: bool = False) -> dict[str, Any]:
    """``{% round_rows sheet keeps %}``: one ``<tr>`` per deal of the sheet (only the newest with
    ``last=True``, for a saved round's answer); with ``keeps``, each ends in a link to correct it."""
    return {
        "rounds": sheet.rounds[-1:] if last else sheet.rounds,
        "keeps": keeps,
        "match_id": sheet.match.pk,
    }
