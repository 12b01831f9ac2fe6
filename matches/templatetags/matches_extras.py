from typing import Any

from django import template

from matches.terms import contract_name as _contract_name
from matches.terms import game_name as _game_name

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    return _game_name(slug)


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
    from matches.terms import rank_label as _rank_label

    return _rank_label(rank)


@register.filter
def contract_name(slug: str) -> str:
    return _contract_name(slug)
