"""Extract the worked examples of the game specs into JSON files the API tests replay.

Usage (from anywhere; standard library only)::

    python tests/spec_examples/extract.py [SPEC_GAMES_DIR] [--check]

``SPEC_GAMES_DIR`` defaults to ``../shared/spec/games`` relative to the repository root. One file
``<slug>.json`` is written next to this script per game. With ``--check`` nothing is written: the
script exits 1 when a JSON file differs from what the spec gives.

Each JSON file is a list of examples::

    {"id": "canasta-example-2", "number": 2, "title": "...",
     "create": {...POST /api/matches/ body...},
     "base": null | {"example": 1, "after_deal": 1},   # replay that example's deals 1..n first
     "steps": [
        {"kind": "round", "deal": 1, "dealer": 0, "body": {...},
         "scores": [...], "totals": [...], "ranks": [...],        # unit order
         "state": {"phase": [...], "finish_bonus": [...]},        # per unit, where given
         "next": {"number": 2, "dealer": 1, "needed": [...]},     # the keys the spec gives
         "status": "in_progress", "winners": [0]},                # winners where given
        {"kind": "refused", "deal": 2, "body": {...}, "http_status": 400,
         "errors": [["code", "field"]], "note": "..."},
     ],
     "final": {"status": "finished", "winners": [0], "next": null},   # stated in the prose
     "expected_get": {...partial GET /api/matches/{id}/...} | null}

The parser refuses (raises ``SpecFormatError``) anything it does not understand rather than
skipping it: an unknown expectation key, a table column it has no meaning for, a JSON block that
belongs to nothing, or an example that uses corrections (PUT/DELETE), which no example does yet.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
DEFAULT_SPEC_DIR = REPO_ROOT.parent / "shared" / "spec" / "games"

# What an "Expected:" line or a results table may name, and where the API shows it.
TOTALS_KEYS = {"scores", "totals", "ranks"}
UNIT_STATE_KEYS = {"phase", "finish_bonus"}  # per unit, in the standings rows
NEXT_HINT_KEYS = {"needed", "contracts_left", "minimum_meld"}  # in `next`


class SpecFormatError(ValueError):
    """The spec text has a shape this extractor does not know."""


# --------------------------------------------------------------------------------------------
# Splitting a file into examples, and an example into paragraphs, tables and JSON blocks
# --------------------------------------------------------------------------------------------


def worked_examples_section(text: str) -> str:
    match = re.search(r"^## Worked examples\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        raise SpecFormatError("no '## Worked examples' section")
    return match.group(1)


def split_examples(section: str) -> list[tuple[int, str, str]]:
    heads = list(re.finditer(r"^### Example (\d+): (.*)$", section, re.M))
    if not heads:
        raise SpecFormatError("no '### Example N:' headings")
    out = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(section)
        out.append((int(head.group(1)), head.group(2).strip(), section[head.end() : end]))
    return out


ITEM_START = re.compile(r"^\s*(?:- |\d+\. )")


def blocks(text: str) -> list[tuple[str, object]]:
    """The example's text as ("text", str), ("json", [lines]) and ("table", [rows]) items."""
    lines = text.splitlines()
    items: list[tuple[str, object]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            items.append(("text", " ".join(s.strip() for s in para)))
            para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            lang = stripped[3:].strip()
            if lang != "json":
                raise SpecFormatError(f"code block of kind {lang!r} in a worked example")
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            if i == len(lines):
                raise SpecFormatError("unclosed code block")
            items.append(("json", body))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append([c.strip() for c in lines[i].strip().strip("|").split("|")])
                i += 1
            items.append(("table", rows))
            continue
        elif not stripped:
            flush()
        else:
            if ITEM_START.match(line):
                flush()
            para.append(line)
        i += 1
    flush()
    return items


# --------------------------------------------------------------------------------------------
# Reading expectations
# --------------------------------------------------------------------------------------------

NAMED_LIST = re.compile(r"(?:`(\w+)`|\b(\w+)) `(\[[^`]*\])`")
NEXT_DEAL = re.compile(r"next: deal (\d+), (?:dealer|spelmaker) seat (\d+)")
REFUSAL = re.compile(r"Expected: HTTP (\d{3}), (.*)$")
CODE_AT_FIELD = re.compile(r"`([a-z0-9_]+)` at `([^`]*)`")


def _field(raw: str) -> str:
    return "" if raw == '""' else raw


def parse_round_expectation(text: str) -> dict:
    """'Expected: `scores` `[..]`; totals `[..]`; ...; next: deal 2, dealer seat 1, `needed` `[..]`.'"""
    if not text.startswith("Expected:"):
        raise SpecFormatError(f"expected an 'Expected:' line, got {text[:80]!r}")
    result: dict = {"state": {}}
    next_at = text.find("next:")
    nxt = NEXT_DEAL.search(text)
    finished = "**finished**" in text
    if (nxt is None) == (not finished) or (next_at >= 0) != (nxt is not None):
        raise SpecFormatError(f"cannot tell the status after the deal: {text!r}")
    result["status"] = "finished" if finished else "in_progress"
    if nxt:
        result["next"] = {"number": int(nxt.group(1)), "dealer": int(nxt.group(2))}
    for m in NAMED_LIST.finditer(text):
        name = m.group(1) or m.group(2)
        value = json.loads(m.group(3))
        if name in TOTALS_KEYS:
            result[name] = value
        elif name in UNIT_STATE_KEYS:
            result["state"][name] = value
        elif name in NEXT_HINT_KEYS:
            if not nxt or m.start() < nxt.start():
                raise SpecFormatError(f"hint {name!r} outside 'next:' in {text!r}")
            result["next"][name] = value
        elif name == "winners":
            result["winners"] = value
        else:
            raise SpecFormatError(f"unknown expectation {name!r} in {text!r}")
    missing = TOTALS_KEYS - result.keys()
    if missing:
        raise SpecFormatError(f"missing {sorted(missing)} in {text!r}")
    return result


def parse_refusal_expectation(text: str) -> tuple[int, list[list[str]]]:
    m = REFUSAL.search(text)
    if not m:
        raise SpecFormatError(f"no 'Expected: HTTP nnn' in {text!r}")
    # The errors are named up to the end of the sentence ("; nothing stored." or "(...)").
    errors = [[code, _field(field)] for code, field in CODE_AT_FIELD.findall(m.group(2))]
    if not errors:
        raise SpecFormatError(f"no `code` at `field` in {text!r}")
    return int(m.group(1)), errors


def parse_json(lines: list[str]) -> object:
    return json.loads("\n".join(lines))


def parse_json_lines(lines: list[str]) -> list:
    return [json.loads(line) for line in lines if line.strip()]


def _cell(raw: str) -> object:
    raw = raw.strip()
    if raw in {"\u2013", "-", "\u2014", ""}:  # en dash, hyphen, em dash: no value
        return None
    if raw.startswith("`") and raw.endswith("`"):
        raw = raw[1:-1]
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            return raw  # a slug such as `no_queens` or `in_progress`
    return int(raw)


def parse_table(rows: list[list[str]], bodies: list) -> list[dict]:
    """One accepted-round step per table row; the columns are read from the header row."""
    header = [h.replace("`", "").strip().lower() for h in rows[0]]
    if not all(set(c) <= {"-", ":", " "} for c in rows[1]):
        raise SpecFormatError("table without a separator row")
    data = rows[2:]
    if len(data) != len(bodies):
        raise SpecFormatError(f"{len(bodies)} round bodies but {len(data)} table rows")
    steps = []
    for number, (row, body) in enumerate(zip(data, bodies, strict=True), start=1):
        if len(row) != len(header):
            raise SpecFormatError(f"table row {row} does not match header {header}")
        step: dict = {"kind": "round", "deal": None, "dealer": None, "body": body, "state": {}}
        for column, raw in zip(header, row, strict=True):
            value = _cell(raw)
            if column == "deal":
                step["deal"] = value
            elif column in {"dealer", "spelmaker"}:
                step["dealer"] = value
            elif column == "contract":
                if body.get("contract") != value:
                    raise SpecFormatError(f"deal {number}: table says {value}, body {body.get('contract')}")
            elif column in TOTALS_KEYS:
                step[column] = value
            elif column in UNIT_STATE_KEYS:
                step["state"][column] = value
            elif column.endswith(" next") and column[: -len(" next")] in NEXT_HINT_KEYS:
                if value is not None:
                    step.setdefault("next", {})[column[: -len(" next")]] = value
            elif column == "status":
                step["status"] = value
            else:
                raise SpecFormatError(f"unknown table column {column!r}")
        if step["deal"] != number:
            raise SpecFormatError(f"table row {number} is numbered {step['deal']}")
        for key in ("dealer", "status", *sorted(TOTALS_KEYS)):
            if step.get(key) is None:
                raise SpecFormatError(f"table row {number} has no {key}")
        steps.append(step)
    return steps


WINNERS_IN_PROSE = re.compile(r"`winners`(?: is)? `(\[[^`]*\])`")
STATUS_IN_PROSE = re.compile(r"`status`(?: is)? `(finished|in_progress)`")
NEXT_NULL_IN_PROSE = re.compile(r"`next`(?: is)? `null`")


def parse_final_prose(texts: list[str]) -> dict:
    """Winners / status / next stated in the closing prose; counterfactual sentences are skipped."""
    final: dict = {}
    for text in texts:
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", text):
            if sentence.startswith(("Had ", "Without ", "If ")):
                continue
            for pattern, key, convert in (
                (WINNERS_IN_PROSE, "winners", json.loads),
                (STATUS_IN_PROSE, "status", str),
                (NEXT_NULL_IN_PROSE, "next", lambda _: None),
            ):
                for m in pattern.finditer(sentence):
                    value = convert(m.group(1) if m.groups() else m.group(0))
                    if key in final and final[key] != value:
                        raise SpecFormatError(f"prose gives two values for {key}: {final[key]} and {value}")
                    final[key] = value
    return final


# --------------------------------------------------------------------------------------------
# One example
# --------------------------------------------------------------------------------------------

DEAL_HEAD = re.compile(r"^\*\*Deal (\d+)\*\* \((?:dealer|spelmaker): seat (\d+)\)")
REFUSED_HEAD = re.compile(r"^\*\*Refused\*\* \(posted as deal (\d+)\)")
ALONG_THE_WAY = re.compile(r"^- Posted (after|before) deal (\d+): (.*)$")
NUMBERED = re.compile(r"^(\d+)\. (.*)$")
BASE_REF = re.compile(r"posted to the match of Example (\d+) after (?:its )?deal (\d+)", re.I)
CORRECTION = re.compile(r"\b(PUT|DELETE)\b|/rounds/\{number\}")


def parse_example(slug: str, number: int, title: str, text: str) -> dict:
    items = blocks(text)
    example: dict = {
        "id": f"{slug}-example-{number}",
        "number": number,
        "title": title,
        "create": None,
        "base": None,
        "steps": [],
        "final": {},
        "expected_get": None,
    }
    steps: list[dict] = example["steps"]
    along_the_way: list[tuple[int, dict]] = []  # (after deal, step)
    numbered: list[dict] = []
    table_steps: list[dict] | None = None
    prose_after_rounds: list[str] = []
    pending: str | None = None  # what the next JSON block is
    current: dict | None = None  # the step waiting for its body or its "Expected:" line
    multiline_bodies: list | None = None

    def accepted_so_far() -> int:
        return sum(1 for s in steps if s["kind"] == "round")

    for kind, value in items:
        if kind == "json":
            if pending == "create":
                example["create"] = parse_json(value)
            elif pending in {"deal", "refused", "along", "numbered"}:
                current["body"] = parse_json(value)
            elif pending == "multiline":
                multiline_bodies = parse_json_lines(value)
            elif pending == "get":
                example["expected_get"] = parse_json(value)
            else:
                raise SpecFormatError(f"{slug} example {number}: a JSON block that belongs to nothing")
            pending = None if pending != "deal" and pending != "refused" else pending + "-body"
            continue
        if kind == "table":
            if multiline_bodies is None:
                raise SpecFormatError(f"{slug} example {number}: a table without round bodies")
            table_steps = parse_table(value, multiline_bodies)
            steps.extend(table_steps)
            multiline_bodies = None
            continue
        text = str(value)
        if CORRECTION.search(text):
            raise SpecFormatError(f"{slug} example {number}: corrections are not supported: {text[:80]!r}")
        if pending in {"deal", "refused", "along", "numbered", "create", "multiline", "get"}:
            raise SpecFormatError(f"{slug} example {number}: expected a JSON block before {text[:60]!r}")
        if pending == "deal-body":
            current.update(parse_round_expectation(text))
            steps.append(current)
            pending, current = None, None
            continue
        if pending == "refused-body":
            current["http_status"], current["errors"] = parse_refusal_expectation(text)
            steps.append(current)
            pending, current = None, None
            continue
        if "Create the match" in text:
            pending = "create"
        elif m := DEAL_HEAD.match(text):
            deal = int(m.group(1))
            if deal != accepted_so_far() + 1:
                raise SpecFormatError(f"{slug} example {number}: deal {deal} out of order")
            current = {"kind": "round", "deal": deal, "dealer": int(m.group(2)), "note": text}
            pending = "deal"
        elif m := REFUSED_HEAD.match(text):
            deal = int(m.group(1))
            if deal != accepted_so_far() + 1:
                raise SpecFormatError(f"{slug} example {number}: refused deal {deal} out of order")
            current = {"kind": "refused", "deal": deal, "note": text}
            pending = "refused"
        elif "body per line" in text:
            pending = "multiline"
        elif text.startswith("Refused along the way"):
            pass
        elif m := ALONG_THE_WAY.match(text):
            after = int(m.group(2)) - (1 if m.group(1) == "before" else 0)
            current = {"kind": "refused", "deal": after + 1, "note": m.group(3)}
            current["http_status"], current["errors"] = parse_refusal_expectation(m.group(3))
            along_the_way.append((after, current))
            pending = "along"
        elif m := BASE_REF.search(text):
            example["base"] = {"example": int(m.group(1)), "after_deal": int(m.group(2))}
        elif (m := NUMBERED.match(text)) and example["base"] is not None:
            if int(m.group(1)) != len(numbered) + 1:
                raise SpecFormatError(f"{slug} example {number}: refusal {m.group(1)} out of order")
            current = {"kind": "refused", "deal": example["base"]["after_deal"] + 1, "note": m.group(2)}
            current["http_status"], current["errors"] = parse_refusal_expectation(m.group(2))
            numbered.append(current)
            pending = "numbered"
        elif "GET /api/matches/{id}/" in text and "shows" in text:
            pending = "get"
        elif text.startswith("Expected:"):
            raise SpecFormatError(f"{slug} example {number}: an 'Expected:' line without a deal")
        elif steps or table_steps:
            prose_after_rounds.append(text)
    if pending is not None:
        raise SpecFormatError(f"{slug} example {number}: ends while waiting for {pending}")

    # Refusals met along the way go in after the deal they were posted after, in listed order.
    for after, step in sorted(along_the_way, key=lambda pair: pair[0]):
        if after == 0:
            position = 0
        else:
            position = next(i + 1 for i, s in enumerate(steps) if s["kind"] == "round" and s["deal"] == after)
        while position < len(steps) and steps[position]["kind"] == "refused":
            position += 1
        steps.insert(position, step)
    steps.extend(numbered)

    example["final"] = parse_final_prose(prose_after_rounds)
    last_round = next((s for s in reversed(steps) if s["kind"] == "round"), None)
    if last_round is not None and "winners" in example["final"]:
        if last_round.get("status") != "finished":
            raise SpecFormatError(f"{slug} example {number}: winners given but the last deal is not finished")
        last_round.setdefault("winners", example["final"]["winners"])
    if example["final"] and example["expected_get"]:
        for key, value in example["final"].items():
            if key in example["expected_get"] and example["expected_get"][key] != value:
                raise SpecFormatError(f"{slug} example {number}: prose and GET disagree on {key}")
    for i, step in enumerate(steps):
        if step.get("body") is None:
            raise SpecFormatError(f"{slug} example {number}: deal {step['deal']} has no body")
        if step["kind"] == "round" and not step.get("state"):
            step.pop("state", None)
        steps[i] = {key: step[key] for key in sorted(step, key=STEP_KEY_ORDER.index)}
    return example


STEP_KEY_ORDER = [
    "kind", "deal", "dealer", "body", "scores", "totals", "ranks", "state", "next", "status", "winners",
    "http_status", "errors", "note",
]  # fmt: skip


def resolve_bases(slug: str, examples: list[dict]) -> None:
    """An example posted to the match of an earlier one starts from that example's create body."""
    by_number = {e["number"]: e for e in examples}
    for example in examples:
        base = example["base"]
        if base is None:
            if example["create"] is None:
                raise SpecFormatError(f"{slug} example {example['number']}: no create body")
            continue
        source = by_number.get(base["example"])
        if source is None or source["base"] is not None:
            raise SpecFormatError(f"{slug} example {example['number']}: bad reference {base}")
        rounds = [s for s in source["steps"] if s["kind"] == "round"]
        if len(rounds) < base["after_deal"]:
            raise SpecFormatError(f"{slug} example {example['number']}: {base} has too few deals")
        if example["create"] is None:
            example["create"] = source["create"]


def extract_file(path: Path) -> tuple[str, list[dict]]:
    text = path.read_text(encoding="utf-8")
    head = re.match(r"# `([a-z0-9-]+)`", text)
    if not head or head.group(1) != path.stem:
        raise SpecFormatError(f"{path.name}: title does not name the slug {path.stem}")
    slug = path.stem
    examples = [
        parse_example(slug, n, title, body)
        for n, title, body in split_examples(worked_examples_section(text))
    ]
    resolve_bases(slug, examples)
    return slug, examples


def extract_all(spec_dir: Path) -> dict[str, list[dict]]:
    files = sorted(spec_dir.glob("*.md"))
    if not files:
        raise SpecFormatError(f"no game files in {spec_dir}")
    return dict(extract_file(path) for path in files)


def dump(examples: list[dict]) -> str:
    """Indented JSON, with every value that fits on one line kept on one line (readable diffs)."""
    return _dump(examples, 0) + "\n"


def _dump(value: object, indent: int, width: int = 110) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(flat) + indent <= width or not value:
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        parts = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 2)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"
    parts = [inner + _dump(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(parts) + "\n" + " " * indent + "]"


# --------------------------------------------------------------------------------------------
# Counting, independently of the parser, what each file holds
# --------------------------------------------------------------------------------------------


def naive_counts(path: Path) -> dict[str, int]:
    """Counts by plain text search over the worked examples, to check the parser against."""
    section = worked_examples_section(path.read_text(encoding="utf-8"))
    table_rows = sum(
        1 for line in section.splitlines() if re.match(r"^\|\s*\d+\s*\|", line)
    )  # data rows start with the deal number
    return {
        "examples": len(re.findall(r"^### Example \d+:", section, re.M)),
        "deals": len(re.findall(r"^\*\*Deal \d+\*\*", section, re.M)) + table_rows,
        "refusals": section.count("Expected: HTTP"),
        "get_documents": section.count("GET /api/matches/{id}/` shows"),
        "json_blocks": section.count("```json"),
    }


def extracted_counts(examples: list[dict]) -> dict[str, int]:
    steps = [s for e in examples for s in e["steps"]]
    narrative_bodies = sum(1 for s in steps if "note" in s or s["kind"] == "refused")
    # JSON blocks: create bodies written in the example, narrative rounds and refusals (one each),
    # the one-body-per-line blocks, and the GET documents.
    own_creates = sum(1 for e in examples if e["base"] is None)
    multiline_blocks = sum(
        1 for e in examples if any(s["kind"] == "round" and "note" not in s for s in e["steps"])
    )
    gets = sum(1 for e in examples if e["expected_get"] is not None)
    return {
        "examples": len(examples),
        "deals": sum(1 for s in steps if s["kind"] == "round"),
        "refusals": sum(1 for s in steps if s["kind"] == "refused"),
        "get_documents": gets,
        "json_blocks": own_creates + narrative_bodies + multiline_blocks + gets,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec_dir", nargs="?", type=Path, default=DEFAULT_SPEC_DIR)
    parser.add_argument("--check", action="store_true", help="compare with the JSON files; write nothing")
    args = parser.parse_args(argv)
    games = extract_all(args.spec_dir)
    ok = True
    print(f"{'game':<16}{'examples':>9}{'deals':>7}{'refused':>9}{'GET docs':>10}{'json':>6}  check")
    for slug, examples in games.items():
        got = extracted_counts(examples)
        want = naive_counts(args.spec_dir / f"{slug}.md")
        good = got == want
        ok &= good
        print(
            f"{slug:<16}{got['examples']:>9}{got['deals']:>7}{got['refusals']:>9}{got['get_documents']:>10}"
            f"{got['json_blocks']:>6}  {'ok' if good else f'MISMATCH: text search gives {want}'}"
        )
        for example in examples:
            rounds = sum(1 for s in example["steps"] if s["kind"] == "round")
            refused = len(example["steps"]) - rounds
            base = example["base"]
            on = f" (posted to example {base['example']} after deal {base['after_deal']})" if base else ""
            print(f"    {example['id']:<28} deals {rounds:>2}, refused {refused:>2}{on}")
        target = HERE / f"{slug}.json"
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != dump(examples):
                print(f"    OUT OF SYNC: {target}")
                ok = False
        else:
            target.write_text(dump(examples), encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
