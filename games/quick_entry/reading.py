"""The parser: one line of words into the round JSON of a game's form, and what it could not
place.

It reads in four steps:

1. Words: the line is split into words and separators (a comma, a full stop, a colon;
   "1.000" is a thousand, "Dirk's" is "Dirk 's"), each word folded (lower case, no accents).
2. Meanings: from left to right, the longest run of words that means something is taken: a
   player's whole name or its first word, a word of the game (a contract, "naturals", "laid
   down"), a word of the language (out, minus, not, none) or a filler. Names come first, then
   the game's words, then the language's: a player called Min is a player. A connector between
   two number words ("three hundred and ten", "honderd en twintig", "vingt et un") and "a"
   before "hundred" stay inside the number.
3. Numbers and names misheard: each word left over that is not a number is tried as the start
   of one player's name ("Br") or their name misheard or misspelt by a letter or a sound
   ("Brahm", "Kor", "Ana"); the runs left after that go to ``text2num`` in the line's language
   ("vijfennegentig", "quatre-vingt-quinze", "eerste"); what it does not turn into a number
   cannot be placed.
4. Lines: a name starts its line's part of the sentence. Within it, a field's word takes the
   number next to it: the one before ("120 on the table", "2 naturals"), or the one after
   where its field allows it ("meld 310", "in hand 40"); a separator keeps them apart ("120 on
   the table, 85 in hand"). Every way of pairing words with numbers that places all of them is
   tried: one outcome is taken, two different ones are an ambiguity ("85 in hand 40": 85 in
   hand, or 40?). "Minus" sends the next number to the game's minus field (or makes it
   negative); numbers left fill the game's number fields in order.

Never a wrong number silently: a line that holds anything that cannot be placed (an unknown
word, a number with no field left, a "not" with nothing to deny, an ambiguity) is left unfilled
whole, as nobody can tell which of its fields the stray word was meant for, and the words are
kept, as typed, in ``Heard.unplaced`` so the table is told. So is a second player going out
(neither is marked out), a name with nothing said for it, and a second contract (nothing is
filled in). Lines that were read without a doubt are filled all the same.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from text_to_num import alpha2digit

from games.quick_entry.entry import Field, Phrases, QuickEntry, Shape, Value
from games.quick_entry.language import Words, fold
from games.quick_entry.languages import words_for

# A thousands separator between digits ("1.000", "1,000", French "1 000" with a no-break space),
# read before the line is split. A plain space is not one: "1 250" may be two numbers.
THOUSANDS = re.compile(r"(?<=\d)[.,\u00a0\u202f](?=\d{3}\b)")
# "Dirk's out": the name, then "'s" (a filler where the language has it).
POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\b", re.IGNORECASE)
PIECE = re.compile(r"(?P<sep>[,;:.!?()\[\]/])|(?P<word>[^\s,;:.!?()\[\]\"“”„«»/]+)")
# A number as digits, or as text2num writes an ordinal ("1e", "2nd", "1er", "3ème").
NUMBER = re.compile(r"^(?P<minus>-)?(?P<digits>\d+)(?:e|de|ste|st|nd|rd|th|er|re|ere|eme|em|me)?$")
MIN_PREFIX = 2  # the fewest letters that can stand for a player's name
# More field words than this in one player's part is not a round anybody says; trying every
# pairing of so many would take too long, so the part is not placed.
MOST_WORDS = 8


@dataclass(frozen=True)
class Token:
    """One meaningful piece of the line, with the words it was said as."""

    # name, number, out, minus, not, choice, field, filler, unknown, sep (a comma, a full
    # stop); "said" opens a line's part with the name as it was said.
    kind: str
    text: str
    value: Any = None  # the line (name), the number, the choice, the field keys or its Field


@dataclass(frozen=True)
class Heard:
    """What a line said: the round JSON for the form, and the words that could not be placed."""

    body: dict[str, Any]
    unplaced: tuple[str, ...]
    placed: bool  # something of the line went into the form
    # The form lines that were named but left unfilled, because something said for them could
    # not be placed or could be read two ways.
    unfilled: tuple[int, ...] = ()


@dataclass(frozen=True)
class Reading:
    """One form line's part of the sentence, read."""

    values: dict[str, Value]
    went_out: str  # the words that said it went out ("" if none)
    problems: tuple[str, ...]  # what could not be placed: the line stays unfilled


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
    skipped = frozenset(sitting_out)
    choice, conflict = _choice(tokens, entry)
    if conflict:
        # Two contracts: every line's fields depend on which, so nothing is filled in.
        body: dict[str, Any] = {"entries": [None if index in skipped else {} for index in range(len(lines))]}
        return Heard(
            body, conflict, False, tuple(index for index in range(len(lines)) if index not in skipped)
        )
    shape = entry.shape_for(choice)
    unplaced: list[str] = []
    said: dict[int, dict[str, Value]] = {}
    outs: dict[int, str] = {}
    refused: list[int] = []
    for index, clause in _clauses(tokens):
        if index is None or index in skipped:
            # Words before any name, or for a player who sits out: the name and all it said.
            unplaced += [token.text for token in clause if token.kind not in {"filler", "sep"}]
            continue
        reading = _interpret(clause, shape)
        problems = list(reading.problems)
        if reading.went_out and not shape.went_out:
            problems.append(reading.went_out)
        if not problems and not reading.values and not reading.went_out:
            # A name with nothing said for it ("Anna and Cor 30 and 45"): its numbers went
            # somewhere, or were never said; either way its line is the table's to fill.
            problems.append(clause[0].text)
        if problems:
            unplaced += problems
            refused.append(index)
            continue
        said[index] = reading.values
        if reading.went_out:
            outs[index] = reading.went_out
    if len(outs) > 1:
        # Two players out: the form takes one, and which one is for the table to say.
        for index, words_said in outs.items():
            unplaced.append(words_said)
            refused.append(index)
            del said[index]
        outs = {}
    out = next(iter(outs), None)
    body = _body(len(lines), shape, said, out, skipped, frozenset(refused))
    if entry.choices and choice is not None:
        body[entry.choice_key] = choice
    placed = any(said.values()) or out is not None or (bool(entry.choices) and _said_choice(tokens))
    return Heard(body, tuple(unplaced), placed, tuple(sorted(set(refused))))


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


def _pieces(line: str) -> list[tuple[bool, str]]:
    """(is a separator, text) of each word and separator of the line."""
    prepared = POSSESSIVE.sub(" 's", THOUSANDS.sub("", line))
    return [(match["sep"] is not None, match.group()) for match in PIECE.finditer(prepared)]


def _tokens(line: str, words: Words, lines: Sequence[Sequence[str]], entry: QuickEntry) -> list[Token]:
    pieces = _pieces(line)
    table = _phrase_table(words, lines, entry)
    longest = max((len(key) for key in table), default=1)
    firsts = _first_names(lines)
    tokens: list[Token] = []
    leftover: list[str] = []
    position = 0
    while position < len(pieces):
        is_sep, text = pieces[position]
        if is_sep:
            tokens += _numbers(leftover, words, lines)
            leftover = []
            tokens.append(Token("sep", text))
            position += 1
            continue
        end = next((at for at in range(position, len(pieces)) if pieces[at][0]), len(pieces))
        said = [piece for _, piece in pieces[position:end]]
        folded = [fold(word) for word in said]
        match = None
        for size in range(min(longest, len(said)), 0, -1):
            found = table.get(tuple(folded[:size]))
            if found is not None:
                match = Token(found.kind, " ".join(said[:size]), found.value)
                break
        if match is None and folded[0] in firsts:
            index = firsts[folded[0]]
            match = Token("name", said[0], index) if index is not None else None
        if match is not None and match.kind == "filler" and _joins_number(folded, leftover, words):
            match = None
        if match is None:
            leftover.append(said[0])
            position += 1
            continue
        tokens += _numbers(leftover, words, lines)
        leftover = []
        tokens.append(match)
        position += len(match.text.split())
    tokens += _numbers(leftover, words, lines)
    return tokens


def _joins_number(folded: list[str], leftover: list[str], words: Words) -> bool:
    """A filler that is part of the number around it: "and" between "three hundred" and "ten",
    "a" before "hundred"."""
    word, following = folded[0], folded[1] if len(folded) > 1 else ""
    if word in words.indefinite:
        return following in words.scales
    return (
        word in words.connectors
        and bool(leftover)
        and _spells_number(leftover[-1], words)
        and bool(following)
        and _spells_number(following, words)
    )


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
        joins = fold(word) in words.connectors or fold(word) in words.indefinite
        prefix = None if number or joins or _spells_number(word, words) else _name_like(word, lines)
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
    return bool(word.isalpha() or "-" in word) and alpha2digit(word, words.code, 0) != word


def _name_like(word: str, lines: Sequence[Sequence[str]]) -> Token | None:
    """A word that names one line's player: the start of their name ("Br" for "Bram"), or
    their name misheard or misspelt by one letter or sound ("Brahm", "Kor", "Ana"). An
    "unknown" token when it fits players of several lines (it names nobody for sure); None
    when it fits none."""
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
    """The same sound, or one letter apart (added, dropped, changed or two swapped) where the
    longer of the two has four letters or more: "Ana" and "Anna", "Bram" and "Brma"."""
    word, name = _sound(word), _sound(name)
    if word == name:
        return len(word) >= MIN_PREFIX + 1
    return min(len(word), len(name)) >= 3 and max(len(word), len(name)) >= 4 and _one_edit_apart(word, name)


def _one_edit_apart(first: str, second: str) -> bool:
    """One letter added, dropped or changed, or two letters next to each other swapped."""
    if abs(len(first) - len(second)) > 1:
        return False
    if len(first) > len(second):
        first, second = second, first
    for index, (a, b) in enumerate(zip(first, second, strict=False)):
        if a != b:
            if len(first) == len(second):
                swapped = first[index + 1 : index + 2] == b and second[index + 1 : index + 2] == a
                rest = index + 2 if swapped else index + 1
                return first[rest:] == second[rest:]
            return first[index:] == second[index + 1 :]
    return True


def _spelled(run: list[str], words: Words) -> list[Token]:
    """Numbers in words, read by text2num in the line's language; the connectors between two
    numbers ("twenty and thirty") say nothing."""
    if not run:
        return []
    folded = [fold(word) for word in run]
    # "a hundred" is "one hundred" to text2num.
    spoken = [
        words.one if word in words.indefinite and following in words.scales else said
        for said, word, following in zip(run, folded, [*folded[1:], ""], strict=True)
    ]
    tokens: list[Token] = []
    # threshold 0: "een", "one", "un" are numbers here (a count of one), not articles.
    for word in alpha2digit(" ".join(spoken), words.code, 0).split():
        number = NUMBER.match(fold(word))
        if number is None:
            if word in words.connectors or word in words.indefinite:
                continue
            tokens.append(Token("unknown", word))
            continue
        if number["minus"]:
            tokens.append(Token("minus", "-"))
        tokens.append(Token("number", word, int(number["digits"])))
    return tokens


# --- 4: lines ----------------------------------------------------------------------------------


def _choice(tokens: list[Token], entry: QuickEntry) -> tuple[str | None, tuple[str, ...]]:
    """The round's choice: said, else the one whose fields' words were used, else the default;
    and the choices' words when two different ones were said."""
    if not entry.choices:
        return None, ()
    said = [token for token in tokens if token.kind == "choice"]
    if said:
        if any(token.value != said[0].value for token in said):
            return None, tuple(token.text for token in said)
        return str(said[0].value), ()
    used = {key for token in tokens if token.kind == "field" for key in token.value}
    fitting = [choice.value for choice in entry.choices if used & {spec.key for spec in choice.shape.fields}]
    if len(fitting) == 1:
        return fitting[0], ()
    if fitting:
        # Words of two contracts' fields ("the king", "hearts"): which one is not for us to say.
        return None, tuple(token.text for token in tokens if token.kind == "field")
    return entry.default, ()


def _said_choice(tokens: list[Token]) -> bool:
    return any(token.kind == "choice" for token in tokens)


def _clauses(tokens: list[Token]) -> list[tuple[int | None, list[Token]]]:
    """The line cut at each name: (form line, all that was said for it, its parts kept apart
    by a separator); words before the first name belong to no line (None). A name said again
    goes on with its line."""
    cut: list[tuple[int | None, list[Token]]] = [(None, [])]
    for token in tokens:
        if token.kind == "name":
            if cut[-1][0] != token.value:
                cut.append((token.value, [Token("said", token.text)]))
            continue
        if token.kind == "choice":
            continue
        cut[-1][1].append(token)
    merged: dict[int | None, list[Token]] = {}
    for index, clause in cut:
        if index in merged:
            merged[index] += [Token("sep", ","), *clause]
        else:
            merged[index] = list(clause)
    return [(index, clause) for index, clause in merged.items() if index is not None or clause]


def _interpret(clause: list[Token], shape: Shape) -> Reading:
    """One line's values, the words that said it went out, and what could not be placed."""
    problems: list[str] = []
    items: list[Token] = []  # numbers, the words of number fields, and separators, in order
    minus_values: dict[str, Value] = {}
    flags: dict[str, Value] = {}
    went_out = ""
    negation: Token | None = None
    minus: Token | None = None
    for token in clause:
        if token.kind in {"filler", "said"}:
            continue
        spec = shape.field(_key(token, shape)) if token.kind == "field" else None
        if negation is not None and not (spec is not None and spec.flag):
            problems.append(negation.text)  # "not" with nothing it can deny
            negation = None
        if token.kind == "number":
            if minus is not None:
                minus = None
                if shape.minus is not None:
                    if shape.minus in minus_values:
                        problems.append(token.text)
                    minus_values[shape.minus] = token.value
                    continue
                token = Token("number", f"-{token.text}", -token.value)
            items.append(token)
        elif token.kind == "minus":
            if minus is not None:
                problems.append(minus.text)
            minus = token
        elif token.kind == "out":
            went_out = went_out or token.text
        elif token.kind == "not":
            negation = token
        elif token.kind == "sep":
            items.append(token)
        elif spec is not None and spec.flag:
            value = negation is None
            negation = None
            # "geen gelegd", "nothing laid down": a zero just before the word says no.
            if value and items and items[-1].kind == "number" and items[-1].value == 0:
                items.pop()
                value = False
            if flags.get(spec.key, value) != value:
                problems.append(token.text)
            flags[spec.key] = value
        elif spec is not None:
            items.append(Token("field", token.text, spec))
        else:  # an unknown word, or a word of a field this shape does not have
            problems.append(token.text)
    problems += [token.text for token in (negation, minus) if token is not None]
    numbers, trouble = _pair(items, shape, {*minus_values, *flags})
    problems += trouble
    if not numbers and not minus_values and not flags and not went_out and shape.named is not None:
        flags[shape.named] = True  # "geen hartenheer, Cor": naming the player says it
    return Reading({**numbers, **minus_values, **flags}, went_out, tuple(problems))


def _pair(items: list[Token], shape: Shape, taken: set[str]) -> tuple[dict[str, Value], list[str]]:
    """The number fields' values: each field word paired with the number next to it, the
    numbers left filling ``shape.numbers`` in order; and what could not be placed. Every
    pairing is tried; if two give different values, none is taken."""
    words = [at for at, item in enumerate(items) if item.kind == "field"]
    if len(words) > MOST_WORDS:
        return {}, [item.text for item in items if item.kind != "sep"]
    options = [_neighbours(items, at) or [None] for at in words]
    outcomes: list[dict[str, Value]] = []
    for pairing in itertools.product(*options):
        outcome = _outcome(items, shape, taken, dict(zip(words, pairing, strict=True)))
        if outcome is not None and outcome not in outcomes:
            outcomes.append(outcome)
    if len(outcomes) == 1:
        return outcomes[0], []
    said = [item for item in items if item.kind != "sep"]
    if outcomes:
        return {}, [" ".join(item.text for item in said)]  # two readings: name them together
    return {}, _strays(items, shape, taken)


def _neighbours(items: list[Token], at: int) -> list[int | None]:
    """The numbers a field word at ``at`` may take: the one just before it, and the one just
    after it (no separator between)."""
    near: list[int | None] = []
    if at > 0 and items[at - 1].kind == "number":
        near.append(at - 1)
    if at + 1 < len(items) and items[at + 1].kind == "number":
        near.append(at + 1)
    return near


def _outcome(
    items: list[Token], shape: Shape, taken: set[str], pairing: dict[int, int | None]
) -> dict[str, Value] | None:
    """The values of one pairing of field words with numbers, or None where it leaves a word
    without its number, uses a number twice, says a field twice or leaves a number over."""
    used = [number for number in pairing.values() if number is not None]
    if None in pairing.values() or len(set(used)) != len(used):
        return None
    values: dict[str, Value] = {}
    for at, number in pairing.items():
        spec: Field = items[at].value
        assert number is not None
        if (
            number > at
            and not spec.after
            and at > 0
            and items[at - 1].kind == "number"
            and at - 1 not in used
        ):
            return None  # "2 naturals 1": a count's word takes the number before it
        if spec.key in values or spec.key in taken:
            return None
        values[spec.key] = items[number].value
    left = [item.value for at, item in enumerate(items) if item.kind == "number" and at not in used]
    free = [key for key in shape.numbers if key not in values and key not in taken]
    if len(left) > len(free):
        return None
    values.update(zip(free, left, strict=False))
    return values


def _strays(items: list[Token], shape: Shape, taken: set[str]) -> list[str]:
    """What no pairing could place, to name it: each field word takes the number before it,
    else the one after; the words left without one and the numbers left over."""
    used: set[int] = set()
    strays: list[str] = []
    assigned: set[str] = set()
    for at, item in enumerate(items):
        if item.kind != "field":
            continue
        number = next(
            (near for near in _neighbours(items, at) if near is not None and near not in used), None
        )
        if number is None or item.value.key in taken or item.value.key in assigned:
            strays.append(item.text)
        else:
            used.add(number)
            assigned.add(item.value.key)
    left = [item.text for at, item in enumerate(items) if item.kind == "number" and at not in used]
    free = [key for key in shape.numbers if key not in taken and key not in assigned]
    found = strays + left[len(free) :]
    # Nothing stands out (each part fits, not together): name all that was said.
    return found or [item.text for item in items if item.kind != "sep"]


def _key(token: Token, shape: Shape) -> str:
    """The field of ``shape`` a field word names ("" when it names none of them)."""
    return next((spec.key for spec in shape.fields if spec.key in token.value), "")


def _body(
    count: int,
    shape: Shape,
    said: Mapping[int, dict[str, Value]],
    out: int | None,
    skipped: frozenset[int],
    refused: frozenset[int],
) -> dict[str, Any]:
    """The round JSON: each line's blank values, what a named line gets, what was said, the
    line that went out, and the flags its numbers imply. A refused line holds nothing, so its
    fields show empty, not as a blank form would."""
    entries: list[dict[str, Value] | None] = []
    for index in range(count):
        if index in skipped:
            entries.append(None)
            continue
        values: dict[str, Value] = {}
        if index not in refused:
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
