"""Reading the gettext catalogues without extra libraries (tests only)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("nl", "fr")


@dataclass(frozen=True)
class Entry:
    context: str
    msgid: str
    plural: str
    translations: tuple[str, ...]
    fuzzy: bool


def _unquote(lines: list[str]) -> str:
    return "".join(ast.literal_eval(line) for line in lines)


def read_po(language: str) -> list[Entry]:
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if line and not line.startswith("#~")]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        fields: dict[str, list[str]] = {}
        current = None
        for line in lines:
            if line.startswith("#"):
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if match:
                current = match[1]
                fields[current] = [match[2]]
            elif line.startswith('"') and current:
                fields[current].append(line)
        if "msgid" not in fields:
            continue
        msgid = _unquote(fields["msgid"])
        if not msgid:
            continue  # the header
        translations = tuple(_unquote(v) for k, v in sorted(fields.items()) if k.startswith("msgstr"))
        entries.append(
            Entry(
                _unquote(fields.get("msgctxt", ['""'])),
                msgid,
                _unquote(fields.get("msgid_plural", ['""'])),
                translations,
                fuzzy,
            )
        )
    return entries
