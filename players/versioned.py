"""Writes that carry the version they were read at, so that nobody silently undoes another.

A record two secretaries may edit at once (a competition, an evening, a house game, a club's
settings, a member's role, a player) keeps a ``version`` that every save moves on. A write says
which version it was read at: the page's hidden ``version`` field (``add_version_field``), the
API's ``If-Match`` (``if_match``). ``claim_version``, the first step of such a write, moves the
version on in one conditional UPDATE (``WHERE version = <read>``), which keeps the row locked until
the write's transaction ends; a write read at an older version is refused with ``Stale`` before
it changes anything. The page then answers 409 with both versions side by side
(``stale_page``), the API 412 ``stale_version`` (``StaleVersion``, answered for any API view by
``PlayersConfig.api_error``).

Without a version (an API client that sends no ``If-Match``, a form posted by a script that
leaves the field out) the write goes through as before and still moves the version on.

The API's validator (``tag``) is ``"<version>-<digest>"``: the version for ``If-Match``, and a
digest of the answer for ``If-None-Match``, so that a conditional GET still sees what moves no
version (a table's deals on an evening, the evenings listed with a competition). A write
compares the version only, whether the tag comes back weak (``W/``, after gzip) or not.

Here, in the lowest app, so that the players', house games' and league's pages and API share it.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import formats
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

FIELD = "version"  # the hidden field of every edit form, and what "Apply mine" posts anew
# The version at the start of an entity tag: ``"7-3fa2…"``, ``W/"7-3fa2…"``, ``"7"`` or ``7``.
TAG_VERSION = re.compile(r'^\s*(?:W/)?"?(\d{1,10})(?:-[^"]*)?"?\s*$')
NO_VERSION = 0  # what an If-Match no version can be read from stands for: it matches none


class Stale(Exception):
    """Stored by someone else since it was read: the write changed nothing."""


class StaleVersion(exceptions.APIException):
    """412 ``stale_version``: the ``If-Match`` names a version that is no longer the stored one."""

    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "stale_version"
    default_detail = _(
        "Someone changed this since you read it, so nothing was saved: read it again and send "
        "your change with its new ETag."
    )
    field = ""


def stale_response() -> Response:
    """412 in the API's error shape (``{"errors": [{"field", "code", "message"}]}``)."""
    refusal = StaleVersion()
    row = {"field": "", "code": refusal.default_code, "message": str(refusal.detail)}
    return Response({"errors": [row]}, status=refusal.status_code)


def claim_version(instance: models.Model, read: int | None) -> None:
    """Move ``instance``'s stored version on, if it is still ``read`` (any, if None), and hold
    its row locked until the caller's transaction ends; ``Stale`` otherwise, with nothing
    written. ``instance.version`` is the new one afterwards, so a ``save`` keeps it."""
    assert transaction.get_connection().in_atomic_block, "claim_version belongs in the write's transaction"
    stored = type(instance)._default_manager.filter(pk=instance.pk)
    matching = stored if read is None else stored.filter(version=read)
    if not matching.update(version=F("version") + 1):
        raise Stale
    instance.version = read + 1 if read is not None else stored.values_list("version", flat=True).get()  # type: ignore[attr-defined]


# --- the API: ETag and If-Match ------------------------------------------------------------------


def tag(version: int, body: object) -> str:
    """The entity tag of an answer: its version, then a digest of its body."""
    digest = hashlib.blake2b(json.dumps(body, sort_keys=True, default=str).encode(), digest_size=8)
    return f'"{version}-{digest.hexdigest()}"'


def tagged[R: HttpResponse](response: R, version: int, body: object) -> R:
    """``response`` with its ``ETag`` set here, which the conditional GET then keeps."""
    response["ETag"] = tag(version, body)
    return response


def if_match(request: HttpRequest | Request) -> int | None:
    """The version the request's ``If-Match`` names: None without one (or ``*``: whatever is
    stored), ``NO_VERSION`` for a tag this API did not give (it matches no version)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    found = TAG_VERSION.match(header.split(",")[0])
    return int(found.group(1)) if found else NO_VERSION


# --- the pages: the hidden field and the page of a stale save -------------------------------------


def add_version_field(form: forms.BaseForm, version: int) -> None:
    """The version ``form`` was read at, as a hidden field; ``read_version`` gives it back."""
    form.fields[FIELD] = forms.IntegerField(
        required=False, min_value=0, widget=forms.HiddenInput, initial=version
    )


def read_version(form: forms.BaseForm) -> int | None:
    return form.cleaned_data.get(FIELD)


@dataclass(frozen=True)
class Difference:
    """One field of a stale save: the stored value, the posted one, and whether they differ."""

    label: str
    theirs: str
    mine: str
    changed: bool


def _choices(field: forms.Field) -> dict[str, str]:
    flat: dict[str, str] = {}
    for value, label in getattr(field, "choices", ()):
        if isinstance(label, list | tuple):  # a group of choices
            flat |= {str(v): str(text) for v, text in label}
        else:
            flat[str(value)] = str(label)
    return flat


def _shown(field: forms.Field, value: Any) -> str:
    """A field's value as the form shows it: a choice by its label, a tick as yes or no."""
    if isinstance(field, forms.BooleanField):
        return str(_("yes") if value else _("no"))
    if isinstance(field, forms.DateField | forms.TimeField) and value not in (None, ""):
        # As the reader's language writes it ("8 décembre 2026"), not as the date input sends it.
        try:
            return str(formats.localize(field.to_python(value)))
        except ValidationError:
            return str(value)
    values = list(value) if isinstance(value, list | tuple) else [value]
    values = [v for v in values if v not in (None, "")]
    if hasattr(field, "choices"):
        labels = _choices(field)
        return ", ".join(labels.get(str(v), str(v)) for v in values)
    return ", ".join(str(field.widget.format_value(v)) for v in values)


def differences(theirs: forms.BaseForm, mine: forms.BaseForm) -> list[Difference]:
    """Field by field, the stored values (``theirs``, an unbound form of what is stored now)
    beside the posted ones (``mine``, the bound form); fields empty on both sides are left out."""
    rows: list[Difference] = []
    names = [*mine.fields, *(name for name in theirs.fields if name not in mine.fields)]
    for name in names:
        field = mine.fields.get(name) or theirs.fields[name]
        if name == FIELD or field.widget.is_hidden:
            continue
        stored = _shown(field, theirs[name].value()) if name in theirs.fields else ""
        posted = _shown(field, mine[name].value()) if name in mine.fields else ""
        if not stored and not posted:
            continue
        if name in theirs.fields and name in mine.fields:
            changed = field.has_changed(theirs[name].initial, mine[name].data)
        else:
            changed = stored != posted
        rows.append(Difference(str(field.label or name), stored, posted, changed))
    # The fields that differ first: what the choice is about, above the ones both sides share.
    return sorted(rows, key=lambda row: not row.changed)


def reposted(data: Any, version: int) -> list[tuple[str, str]]:
    """What "Apply mine" posts: every value posted, with the version stored now."""
    pairs = [
        (key, value)
        for key in data
        for value in data.getlist(key)
        if key not in (FIELD, "csrfmiddlewaretoken")
    ]
    return [*pairs, (FIELD, str(version))]


def stale_page(
    request: HttpRequest,
    *,
    title: str,
    theirs: forms.BaseForm,
    mine: forms.BaseForm,
    version: int,
    action: str,
    back: str,
) -> HttpResponse:
    """409: someone saved ``title`` since this page was read. Both versions side by side, then
    "Keep theirs" (``back``: the edit page, showing what is stored) and "Apply mine" (posts
    mine to ``action`` again, with the version stored now). Over htmx, the page's content in
    place of the page's ``main``."""
    context = {
        "title": title,
        "rows": differences(theirs, mine),
        "reposted": reposted(mine.data, version),
        "action": action,
        "back": back,
    }
    htmx = getattr(request, "htmx", False)
    template = "stale_edit.html#conflict" if htmx else "stale_edit.html"
    response = render(request, template, context, status=409)
    if htmx:
        response["HX-Retarget"] = "main"
        response["HX-Reswap"] = "innerHTML"
    response["Vary"] = "HX-Request"
    return response
