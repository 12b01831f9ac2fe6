"""The parser: one line of words into the round JSON of a game's form, and what it could not
place.

It reads in four steps:

1. Words: the line is split into words (a comma, a full stop or a colon ends one; "1.000" is a
   thousand), each folded (lower case, no accents).
2. Meanings: from left to right, the longest run of words that means something is taken: a
   player's whole name or its first word, a word of the game (a contract, "naturals", "laid
   down"), a word of the language (out, minus, not, none) or a filler. Names come first, then
   the game's words, then the language's: a player called Min is a player.
3. Numbers and names misheard: each word left over that is not a number is tried as the start
   of one player's name ("Br") or their name misheard by a letter or a sound ("Brahm", "Kor");
   the runs left after that go to ``text2num`` in the line's language ("vijfennegentig",
   "quatre-vingt-quinze", "eerste"); what it does not turn into a number cannot be placed.
4. Lines: a name starts its line's part of the sentence; within it, a number said before a
   field's word belongs to that field ("2 naturals"), a field's word with no number before it
   takes the next one ("meld 310"), "minus" sends the next number to the game's minus field (or
   makes it negative) and bare numbers fill the game's number fields in order.

What cannot be placed (a word nobody knows, a number with no field left, a name that fits two
players, a second player going out) is kept, as typed, in ``Heard.unplaced``; the rest is
placed all the same, so the form shows what was understood.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from text_to_num import alpha2digit

from games.quick_entry.entry import Field, Phrases, QuickEntry, Shape, Value
from games.quick_entry.language import Words, fold, words_for

# A thousands separator between digits ("1.000", "1,000"), read before the line is split.
THOUSANDS = re.compile(r"(?<=\d)[.,](?=\d{3}\b)")
WORD = re.compile(r"[^\s,;:.!?()\[\]\"“”„«»/]+")
# A number as digits, or as text2num writes an ordinal ("1e", "2nd", "1er", "3ème").
NUMBER = re.compile(r"^(?P<minus>-)?(?P<digits>\d+)(?:e|de|ste|st|nd|rd|th|er|re|ere|eme|em|me)?$")
MIN_PREFIX = 2  # the fewest letters that can stand for a player's name


@dataclass(frozen=True)
class Token:
    """One meaningful piece of the line, with the words it was said as."""

    # name, number, out, minus, not, choice, field, filler, unknown; "said" opens a line's part
    # with the name as it was said.
    kind: str
    text: str
    value: Any = None  # the line (name), the number, the choice or the field keys


@dataclass(frozen=True)
class Heard:
    """What a line said: the round JSON for the form, and the words that could not be placed."""

    body: dict[str, Any]
    unplaced: tuple[str, ...]
    placed: bool  # something of the line went into the form


def read(
    line: str,
    language: str,
    lines: Sequence[Sequence[str]],
    entry: QuickEntry,
    sitting_out: Iterable[int] = (),
) -> Heard:
    """The round JSON a form of ``lines`` (the player names of each form line) holds after
    ``line``, read in ``language`` for a game whose entry is ``entry``; lines in
    ``sitting_out`` take no entry (``null``)."""
    words = words_for(language)
    tokens = _tokens(line, words, lines, entry)
    unplaced: list[str] = []
    choice = _choice(tokens, entry, unplaced)
    shape = entry.shape_for(choice)
    clauses = _clauses(tokens)
    skipped = frozenset(sitting_out)
    said: dict[int, dict[str, Value]] = {}
    out: int | None = None
    for index, clause in clauses:
        if index is None or index in skipped:
            # Words before any name, or for a player who sits out: the name and all it said.
            unplaced += [token.text for token in clause if token.kind != "filler"]
            continue
        values, went_out = _interpret(clause, shape, unplaced)
        if went_out:
            if not shape.went_out:
                unplaced.append(went_out)
            elif out is None or out == index:
                out = index
            else:
                unplaced.append(went_out)
        said.setdefault(index, {}).update(values)
    body = _body(len(lines), shape, said, out, skipped)
    if entry.choices and choice is not None:
        body[entry.choice_key] = choice
    placed = any(said.values()) or out is not None or (bool(entry.choices) and _said_choice(tokens))
    return Heard(body, tuple(unplaced), placed)


# --- 1-3: words, meanings, numbers -----------------------------------------------------------


def _phrase_table(
    words: Words, lines: Sequence[Sequence[str]], entry: QuickEntry
) -> dict[tuple[str, ...], Token]:
    """Every phrase that means something, later entries winning: fillers, then the language's
    words, then the game's, then the players' names."""
    code = words.code
    table: dict[tuple[str, ...], Token] = {}

    def add(phrases: Iterable[str], kind: str, value: Any = None) -> None:
        for phrase in phrases:
            key = tuple(fold(phrase).split())
            if key:
                table[key] = Token(kind, phrase, value)

    add(words.fillers, "filler")
    add(_in(entry.ignored, code), "filler")
    add(words.out, "out")
    add(words.minus, "minus")
    add(words.negation, "not")
    for phrase in words.zero:
        add([phrase], "number", 0)
    keys: dict[tuple[str, ...], set[str]] = {}
    for shape in (entry.shape, *(choice.shape for choice in entry.choices)):
        for spec in shape.fields:
            for phrase in _in(spec.words, code):
                keys.setdefault(tuple(fold(phrase).split()), set()).add(spec.key)
    for key, field_keys in keys.items():
        table[key] = Token("field", " ".join(key), frozenset(field_keys))
    for choice in entry.choices:
        add(_in(choice.words, code), "choice", choice.value)
    for index, names in enumerate(lines):
        for name in names:
            add([name], "name", index)
    return table


def _in(phrases: Phrases, code: str) -> tuple[str, ...]:
    return phrases.get(code, ())


def _tokens(line: str, words: Words, lines: Sequence[Sequence[str]], entry: QuickEntry) -> list[Token]:
    said = WORD.findall(THOUSANDS.sub("", line))
    folded = [fold(word) for word in said]
    table = _phrase_table(words, lines, entry)
    longest = max((len(key) for key in table), default=1)
    firsts = _first_names(lines)
    tokens: list[Token] = []
    leftover: list[str] = []
    position = 0
    while position < len(said):
        match = None
        for size in range(min(longest, len(said) - position), 0, -1):
            found = table.get(tuple(folded[position : position + size]))
            if found is not None:
                match = Token(found.kind, " ".join(said[position : position + size]), found.value)
                break
        if match is None and folded[position] in firsts:
            index = firsts[folded[position]]
            match = Token("name", said[position], index) if index is not None else None
        if match is None:
            leftover.append(said[position])
            position += 1
            continue
        tokens += _numbers(leftover, words, lines)
        leftover = []
        tokens.append(match)
        position += len(match.text.split())
    tokens += _numbers(leftover, words, lines)
    return tokens


def _first_names(lines: Sequence[Sequence[str]]) -> dict[str, int | None]:
    """A player's first word ("anna" of "Anna de Vries") -> their line; None where two
    players' lines share it."""
    firsts: dict[str, int | None] = {}
    for index, names in enumerate(lines):
        for name in names:
            parts = fold(name).split()
            if parts:
                first = parts[0]
                firsts[first] = index if firsts.get(first, index) == index else None
    return firsts


def _numbers(said: list[str], words: Words, lines: Sequence[Sequence[str]]) -> list[Token]:
    """Words the phrase table did not know: numbers (in digits or in words), the start of a
    player's name, or unknown."""
    if not said:
        return []
    tokens: list[Token] = []
    # Each word alone first: digits and names need no text2num, and a run of words that are
    # not numbers should not be read as one.
    run: list[str] = []
    for word in said:
        number = NUMBER.match(fold(word))
        prefix = None if number or _spells_number(word, words) else _name_like(word, lines)
        if number is None and prefix is None:
            run.append(word)
            continue
        tokens += _spelled(run, words)
        run = []
        if number is not None:
            if number["minus"]:
                tokens.append(Token("minus", "-"))
            tokens.append(Token("number", word, int(number["digits"])))
        else:
            tokens.append(prefix or Token("unknown", word))
    tokens += _spelled(run, words)
    return tokens


def _spells_number(word: str, words: Words) -> bool:
    """A number in words ("een", "vier"): never taken for the start of a name or a name misheard."""
    return bool(word.isalpha()) and alpha2digit(word, words.code, 0) != word


def _name_like(word: str, lines: Sequence[Sequence[str]]) -> Token | None:
    """A word that names one line's player: the start of their name ("Br" for "Bram"), or
    their name misheard by one letter or sound ("Brahm", "Kor" for "Cor"). An "unknown" token
    when it fits players of several lines (it names nobody for sure); None when it fits none."""
    folded = fold(word)
    if len(folded) < MIN_PREFIX or not folded.isalpha():
        return None
    for fits in (_starts, _sounds_like):
        found = {
            index
            for index, names in enumerate(lines)
            for name in names
            if any(fits(folded, part) for part in (fold(name), *fold(name).split()))
        }
        if len(found) == 1:
            return Token("name", word, found.pop())
        if found:
            return Token("unknown", word)
    return None


def _starts(word: str, name: str) -> bool:
    return name.startswith(word)


# Spellings a speech recogniser swaps for the same sound ("Kor" for "Cor", "Filip" for "Philip").
SOUNDS = (("ph", "f"), ("ch", "k"), ("c", "k"), ("ij", "y"), ("z", "s"))


def _sound(text: str) -> str:
    for spelled, said in SOUNDS:
        text = text.replace(spelled, said)
    return text


def _sounds_like(word: str, name: str) -> bool:
    """The same sound, or one letter apart for a word of four letters or more."""
    word, name = _sound(word), _sound(name)
    if word == name:
        return len(word) >= MIN_PREFIX + 1
    return min(len(word), len(name)) >= 4 and _one_edit_apart(word, name)


def _one_edit_apart(first: str, second: str) -> bool:
    """One letter added, dropped or changed."""
    if abs(len(first) - len(second)) > 1:
        return False
    if len(first) > len(second):
        first, second = second, first
    for index, (a, b) in enumerate(zip(first, second, strict=False)):
        if a != b:
            rest = index + 1 if len(first) == len(second) else index
            return first[rest:] == second[index + 1 :]
    return True


def _spelled(run: list[str], words: Words) -> list[Token]:
    """Numbers in words, read by text2num in the line's language."""
    if not run:
        return []
    tokens: list[Token] = []
    # threshold 0: "een", "one", "un" are numbers here (a count of one), not articles.
    for word in alpha2digit(" ".join(run), words.code, 0).split():
        number = NUMBER.match(fold(word))
        if number is None:
            tokens.append(Token("unknown", word))
            continue
        if number["minus"]:
            tokens.append(Token("minus", "-"))
        tokens.append(Token("number", word, int(number["digits"])))
    return tokens


# --- 4: lines ----------------------------------------------------------------------------------


def _choice(tokens: list[Token], entry: QuickEntry, unplaced: list[str]) -> str | None:
    """The round's choice: said, else the one whose fields' words were used, else the default."""
    if not entry.choices:
        return None
    said = [token for token in tokens if token.kind == "choice"]
    if said:
        unplaced += [token.text for token in said[1:] if token.value != said[0].value]
        return str(said[0].value)
    used = {key for token in tokens if token.kind == "field" for key in token.value}
    fitting = [choice.value for choice in entry.choices if used & {spec.key for spec in choice.shape.fields}]
    if len(fitting) == 1:
        return fitting[0]
    return entry.default


def _said_choice(tokens: list[Token]) -> bool:
    return any(token.kind == "choice" for token in tokens)


def _clauses(tokens: list[Token]) -> list[tuple[int | None, list[Token]]]:
    """The line cut at each name: (form line, what was said for it); words before the first
    name belong to no line (None). A name said again goes on with its line. An unknown word
    also ends a line's part, as it is most often a name misheard ("Brahm 15"): what follows it
    is not placed rather than placed on the player before."""
    clauses: list[tuple[int | None, list[Token]]] = [(None, [])]
    for token in tokens:
        if token.kind == "name":
            if clauses[-1][0] != token.value:
                clauses.append((token.value, [Token("said", token.text)]))
            continue
        if token.kind == "choice":
            continue
        if token.kind == "unknown" and clauses[-1][0] is not None:
            clauses.append((None, []))
        clauses[-1][1].append(token)
    return [(index, clause) for index, clause in clauses if index is not None or clause]


def _interpret(clause: list[Token], shape: Shape, unplaced: list[str]) -> tuple[dict[str, Value], str]:
    """One line's values, and the words that said it went out ("" if none)."""
    values: dict[str, Value] = {}
    went_out = ""
    pending: Token | None = None  # a number waiting for its field's word
    waiting: Token | None = None  # a field's word waiting for its number
    minus: Token | None = None
    negated = False
    numbers = list(shape.numbers)

    def bare(token: Token) -> None:
        free = [key for key in numbers if key not in values]
        if free:
            values[free[0]] = token.value
        else:
            unplaced.append(token.text)

    for position, token in enumerate(clause):
        following = clause[position + 1] if position + 1 < len(clause) else None
        if token.kind == "number":
            if minus is not None:
                minus = None
                if shape.minus is not None:
                    values[shape.minus] = token.value
                    continue
                token = Token("number", f"-{token.text}", -token.value)
            if waiting is not None:
                values[_key(waiting, shape)] = token.value
                waiting = None
            else:
                if pending is not None:
                    bare(pending)
                pending = token
        elif token.kind == "out":
            went_out = went_out or token.text
        elif token.kind == "minus":
            if pending is not None:
                bare(pending)
                pending = None
            minus = token
        elif token.kind == "not":
            negated = True
        elif token.kind == "field" and _key(token, shape):
            spec = shape.field(_key(token, shape))
            assert spec is not None
            if spec.flag:
                false = negated or (pending is not None and pending.value == 0)
                if pending is not None and pending.value == 0:
                    pending = None
                values[spec.key] = not false
                negated = False
            elif pending is not None and not (spec.after and following and following.kind == "number"):
                values[spec.key] = pending.value
                pending = None
            else:
                if pending is not None:
                    bare(pending)
                    pending = None
                if waiting is not None:
                    unplaced.append(waiting.text)
                waiting = token
        elif token.kind in {"filler", "said"}:
            continue
        else:  # an unknown word, or a field this shape does not have
            unplaced.append(token.text)
    if pending is not None:
        bare(pending)
    unplaced += [token.text for token in (waiting, minus) if token is not None]
    if not values and not went_out and shape.named is not None:
        values[shape.named] = True
    return values, went_out


def _key(token: Token, shape: Shape) -> str:
    """The field of ``shape`` a field word names ("" when it names none of them)."""
    return next((spec.key for spec in shape.fields if spec.key in token.value), "")


def _body(
    count: int, shape: Shape, said: Mapping[int, dict[str, Value]], out: int | None, skipped: frozenset[int]
) -> dict[str, Any]:
    """The round JSON: each line's blank values, what a named line gets, what was said, the
    line that went out, and the flags its numbers imply."""
    entries: list[dict[str, Value] | None] = []
    for index in range(count):
        if index in skipped:
            entries.append(None)
            continue
        values: dict[str, Value] = {}
        for spec in shape.fields:
            if spec.blank is not None:
                values[spec.key] = spec.blank
            if index in said and index != out and spec.said is not None:
                values[spec.key] = spec.said
        own = said.get(index, {})
        values.update(own)
        if shape.went_out and out is not None:
            values["went_out"] = index == out
            if index == out:
                for spec in shape.fields:
                    if spec.out is not None and spec.key not in own:
                        values[spec.key] = spec.out
        for spec in shape.fields:
            _imply(spec, values, own)
        entries.append(values)
    return {"entries": entries}


def _imply(spec: Field, values: dict[str, Value], own: Mapping[str, Value]) -> None:
    if spec.below is None or spec.key in own or spec.key in values:
        return
    number = values.get(spec.below[0])
    if isinstance(number, int) and not isinstance(number, bool) and number < spec.below[1]:
        values[spec.key] = True
