"""Filters the pages share: reading a mapping by a key a template cannot spell, card ranks."""

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
