"""``{% keep %}``: a fragment drawn once per version and kept in the shared cache, with holes
for what differs per request (``{% load kept %}``).

Django's ``{% cache %}`` keeps a fragment whole, so nothing in it may differ between two
readers. The scoresheet is such a fragment but for a few things: the CSRF token in its forms,
the fresh idempotency key of its round form, the messages and the "Deal 12 saved" box. Drawing
the rest (standings, rows, hints, chart, the round form's fields) was most of a sheet view's
work, and it is the same for every phone at the table until the next deal is written: a
phone that saves a deal makes the others refresh the sheet at the new version.

    {% keep "sheet" kept keeps manages each csrf_token idempotency_key using drawing %}
      ... drawn once per version (and language, time zone, site code) ...
      {% fresh %}... drawn for each request ...{% endfresh %}
    {% endkeep %}

- The values after the name are the fragment's version: everything it is drawn from beyond the
  active language and time zone and the site's code (``config.kept.site_code``), which are
  always in the key. When one of them is ``None`` the fragment is drawn, not kept (a round
  form holding what was typed and why it was refused is never anyone else's).
- ``each`` names context values that differ per request but are only printed (``{{ name }}``
  or ``{% csrf_token %}``, never filtered or tested): the fragment is drawn with a placeholder
  in their place, and each reader's value, escaped, is put in it.
- A ``{% fresh %}`` block is drawn anew for every request, with the context as it is at
  ``{% keep %}``: it may not use a variable set inside the fragment (a ``with`` or a loop), and
  a block reached twice while drawing (in a loop) is refused, as is one in an included
  template. Outside a ``{% keep %}`` (a partial rendered by name) it is drawn as if the tag
  were not there.
- A ``{% keep %}`` inside another goes in a ``{% fresh %}`` block of the outer one (the page's
  content in the kept frame); anywhere else it is refused.
- ``using name`` (last) names a function in the context that returns what drawing the fragment
  takes beyond the rest of the context (a dict, pushed while it is drawn): it is called only
  when the fragment is drawn, so a view need not read or compute what a kept copy already shows
  (the sheet's rounds). ``{% fresh %}`` blocks never see those values.

A kept fragment is a pure function of its key, so an entry is right or missing; a cache that
fails is a miss, logged (``config.kept``), and the page is drawn as if nothing were kept.

Hand-written rather than a library: the maintained ones (django-cacheops, django-cachalot)
cache querysets, and the two-phase renderers that punched CSRF holes in cached fragments
(django-phased) stopped at Django 1.x.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Any

from django import template
from django.core.cache import cache
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from config.kept import KEPT_FOR, site_code

log = logging.getLogger(__name__)
register = template.Library()

DRAWING = "kept_fragment_drawing"  # the context value a ``fresh`` block finds while its fragment is drawn


class FreshNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: Context) -> SafeString:
        drawing: _Drawing | None = context.get(DRAWING)
        if drawing is None:
            return self.nodelist.render(context)
        return drawing.hole(self)


class _Drawing:
    """A fragment being drawn: the ``fresh`` blocks it reached, in order, each left as a mark."""

    def __init__(self, holes: list[FreshNode]) -> None:
        self.known = holes
        self.reached: list[int] = []
        self.mark = f"\x00{secrets.token_hex(8)}"

    def hole(self, node: FreshNode) -> SafeString:
        index = next((i for i, known in enumerate(self.known) if known is node), None)
        if index is None:
            raise template.TemplateSyntaxError("a {% fresh %} block in a template its {% keep %} includes")
        if index in self.reached:
            raise template.TemplateSyntaxError("a {% fresh %} block inside a loop of its {% keep %}")
        self.reached.append(index)
        return mark_safe(f"{self.mark}h\x00")

    def placeholder(self, index: int) -> str:
        return f"{self.mark}v{index}\x00"


class KeepNode(Node):
    def __init__(
        self,
        name: str,
        version: list[FilterExpression],
        each: list[str],
        nodelist: NodeList,
        using: str | None = None,
    ) -> None:
        self.name = name
        self.version = version
        self.each = each
        self.using = using
        self.nodelist = nodelist
        self.holes = [node for node in nodelist.get_nodes_by_type(FreshNode) if isinstance(node, FreshNode)]

    def render(self, context: Context) -> SafeString:
        if context.get(DRAWING) is not None:
            # Its fresh blocks would be drawn into the outer fragment's kept text.
            raise template.TemplateSyntaxError("a {% keep %} inside another, outside a {% fresh %} block")
        version = [part.resolve(context) for part in self.version]
        if any(part is None for part in version):
            # Drawn as if it were kept, so that it reads the same either way.
            return self._fill(self._draw(context), context)
        key = self._key(version)
        drawn = _read(key)
        if drawn is None:
            drawn = self._draw(context)
            _keep(key, drawn)
        return self._fill(drawn, context)

    def _key(self, version: list[Any]) -> str:
        text = repr([site_code(), get_language(), get_current_timezone_name(), version])
        return f"kept:{self.name}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"

    def _draw(self, context: Context) -> tuple[str, list[str], list[int]]:
        """The fragment with its holes as marks: (mark, the text between holes, which hole is each)."""
        drawing = _Drawing(self.holes)
        values = {name: mark_safe(drawing.placeholder(index)) for index, name in enumerate(self.each)}
        with context.push(self._supplied(context), **values, **{DRAWING: drawing}):
            text = self.nodelist.render(context)
        return drawing.mark, text.split(f"{drawing.mark}h\x00"), drawing.reached

    def _supplied(self, context: Context) -> dict[str, Any]:
        """What ``using``'s function returns: computed here, only for a fragment being drawn."""
        if self.using is None:
            return {}
        supply = context.get(self.using)
        if not callable(supply):
            raise template.TemplateSyntaxError(
                f"{{% keep %}} using {self.using!r}: no such function in the context"
            )
        supplied = supply()
        if not isinstance(supplied, dict):
            raise template.TemplateSyntaxError(f"{{% keep %}} using {self.using!r}: it returned no dict")
        return supplied

    def _fill(self, drawn: tuple[str, list[str], list[int]], context: Context) -> SafeString:
        mark, pieces, reached = drawn
        values = [
            (f"{mark}v{index}\x00", str(conditional_escape(context.get(name) or "")))
            for index, name in enumerate(self.each)
        ]
        out: list[str] = []
        for index, piece in enumerate(pieces):
            if mark in piece:
                for placeholder, value in values:
                    piece = piece.replace(placeholder, value)
            out.append(piece)
            if index < len(reached):
                out.append(self.holes[reached[index]].nodelist.render(context))
        return mark_safe("".join(out))  # the pieces were drawn escaped, the values escaped here


def _read(key: str) -> tuple[str, list[str], list[int]] | None:
    try:
        return cache.get(key)
    except Exception:
        log.warning("kept fragments: could not read %s", key, exc_info=True)
        return None


def _keep(key: str, drawn: tuple[str, list[str], list[int]]) -> None:
    try:
        cache.set(key, drawn, KEPT_FOR)
    except Exception:
        log.warning("kept fragments: could not keep %s", key, exc_info=True)


@register.tag
def keep(parser: Parser, token: Token) -> KeepNode:
    bits = token.split_contents()
    if len(bits) < 3 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% keep "name" version... [each name...] [using name] %}')
    name, rest = bits[1][1:-1], bits[2:]
    using = None
    if "using" in rest:
        if rest.index("using") != len(rest) - 2:
            raise template.TemplateSyntaxError("{% keep %}: 'using name' comes last")
        rest, using = rest[:-2], rest[-1]
    each: list[str] = []
    if "each" in rest:
        at = rest.index("each")
        rest, each = rest[:at], rest[at + 1 :]
    if not rest:
        raise template.TemplateSyntaxError("{% keep %} needs a version")
    nodelist = parser.parse(("endkeep",))
    parser.delete_first_token()
    return KeepNode(name, [parser.compile_filter(bit) for bit in rest], each, nodelist, using)


@register.tag
def fresh(parser: Parser, token: Token) -> FreshNode:
    nodelist = parser.parse(("endfresh",))
    parser.delete_first_token()
    return FreshNode(nodelist)
