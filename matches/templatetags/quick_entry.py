"""The quick-entry line's example for the empty input (``matches.quick_entry.placeholder``)."""

from __future__ import annotations

from django import template

from matches.quick_entry import placeholder
from matches.sheets import Sheet

register = template.Library()


@register.simple_tag
def quick_placeholder(sheet: Sheet) -> str:
    return placeholder(sheet)
