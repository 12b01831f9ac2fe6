"""The rules search: the sections of every rules page, in the reader's language, ranked for a query
and cut into parts so the template can highlight the words found.

Why not PostgreSQL's full-text search: the sections are not rows. They are the rules pages' own
text, rendered from each game's templates and translated from the catalogues, so the only way to
put them in the database would be a second copy kept in step with every template and catalogue
change, and SQLite (the development and test database) has no ``to_tsvector``. A search that
behaved differently on the two databases would also break the project's rule of one code path
for both, with no branch on the database's vendor in the request path. So the ranking is done
here, in Python, the same on SQLite and PostgreSQL: words are lowercased, their accents folded
(as PostgreSQL's ``unaccent`` does) and stemmed with the Snowball algorithms of the reader's
language (the ``snowballstemmer`` package: the Snowball project's english, dutch and french
stemmers, the algorithms PostgreSQL's text-search configurations of those names are built from).
A query word also matches a longer stem it begins (``drie`` finds ``drieën``), as a prefix query
(``drie:*``) does in PostgreSQL.

The search forgives what players type. Ligatures and accents fold both ways ("coeur" finds
« cœur », "cœur" finds "coeur"); a French or Dutch plural ends like its singular before stemming
("rois" finds « roi »); a Dutch query word also finds the compound it ends ("heren" finds
"Hartenheer"); a small list per language turns the words players use into the pages' own
("koningen" -> heer, "bevroren" -> geblokkeerd, « reine » -> dame); and a query word that no
section holds is replaced by the words of the pages one edit away (a letter left out, added,
changed or two swapped: "jokr", "schopenvrouw"). That last is plain Python over the indexed
words (a few thousand per language): one bounded comparison per word, no index to keep, so no
library (rapidfuzz is on the registry and would do the same in C, for a cost this size of
vocabulary never shows, at the price of a compiled dependency in the lock).

A club's house games are searched too, for the club's members only: the view passes the reader's
own (``member_homes``, asked of the app that keeps them through its ``AppConfig``), and their
sections, drawn from each definition, are kept in the cache under a digest of that definition's
rules as the reader's language words them, so a changed game is searched as it is now.

Table cells, list items and paragraphs stay word boundaries in the indexed text, so a highlight
never lands on two words glued together ("spadesWhat").

Ranking follows ``ts_rank`` with weights: a section that holds more of the query's words comes
first; among those, words in its title weigh more than words in its text, the query's words side
by side (a phrase: "dame de pique") weigh more still, and a word found often counts with
diminishing returns. Ties keep the order of the games and of their pages.

The rendered sections of one language are kept in Django's cache for ``CORPUS_SECONDS``, under
a key made of the language and a digest of the files the text comes from (the game's rules
templates and the language's compiled catalogue, by size and time): a deploy that changes a rule
is searched at once, and the entries stay bounded (one per language and version, expiring).
Nothing is kept in the process.
"""

from __future__ import annotations

import hashlib
import html
import math
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import snowballstemmer
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.html import strip_tags

from games.protocol import GameHome
from games.registry import all_homes

CORPUS_SECONDS = 60 * 60
CORPUS_FORMAT = 4  # raised when ``SectionText`` changes shape, so no older entry is read
MAX_RESULTS = 20
SNIPPET_WORDS = 28

# The Snowball algorithm for each language of the site.
STEMMERS = {"en": "english", "nl": "dutch", "fr": "french"}
# Words too common to rank by, after folding (PostgreSQL drops the same kind from a query).
STOPWORDS = {
    "en": frozenset(
        [
            "a",
            "an",
            "and",
            "are",
            "as",
            "at",
            "be",
            "by",
            "for",
            "from",
            "in",
            "is",
            "it",
            "of",
            "on",
            "or",
            "the",
            "to",
            "with",
        ]
    ),
    "nl": frozenset(
        ["de", "den", "der", "des", "een", "en", "het", "in", "is", "met", "of", "op", "te", "van", "voor"]
    ),
    "fr": frozenset(
        [
            "a",
            "au",
            "aux",
            "d",
            "de",
            "des",
            "du",
            "en",
            "et",
            "la",
            "le",
            "les",
            "l",
            "ou",
            "par",
            "pour",
            "sur",
            "un",
            "une",
        ]
    ),
}
TITLE_WEIGHT = 4.0
# The game's name counts as found in each of its sections, lightly: "boerenbridge" finds the
# house game's page, and a game's name with a rule's word still ranks that rule's section first.
NAME_WEIGHT = 0.5
PHRASE_WEIGHT = 3.0
WORD = re.compile(r"\w+")

Token = tuple[str, int, int]  # a word's stem, and where the word starts and ends in its text


@dataclass(frozen=True)
class SectionText:
    """One section of one rules page, as plain text, with every word's stem and place in it."""

    game: str
    game_name: str
    anchor: str
    title: str
    text: str
    title_tokens: tuple[Token, ...]
    text_tokens: tuple[Token, ...]
    name_stems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Corpus:
    """Sections to search, with what a typo is compared with: every stem they index, and every
    word of their text (folded) with how often it is used."""

    sections: tuple[SectionText, ...]
    stems: frozenset[str]
    words: Mapping[str, int]

    @classmethod
    def of(cls, sections: Sequence[SectionText]) -> Corpus:
        stems = {stem for section in sections for stem, _, _ in (*section.title_tokens, *section.text_tokens)}
        stems |= {stem for section in sections for stem in section.name_stems}
        words = Counter(
            word
            for section in sections
            for word in WORD.findall(fold(f"{section.game_name} {section.title} {section.text}"))
        )
        return cls(tuple(sections), frozenset(stems), dict(words))

    def __add__(self, other: Corpus) -> Corpus:
        words = Counter(self.words)
        words.update(other.words)
        return Corpus(self.sections + other.sections, self.stems | other.stems, dict(words))


@dataclass(frozen=True)
class Part:
    """A piece of a title or snippet; ``found`` when it is one of the query's words."""

    text: str
    found: bool


@dataclass(frozen=True)
class Hit:
    game: str
    game_name: str
    anchor: str
    title: tuple[Part, ...]
    snippet: tuple[Part, ...]
    score: float


# Letters that are two letters to a player typing them (NFKD leaves them whole).
LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss"})
# Words players use that the pages do not, per language (folded): the pages' own word for them.
SYNONYMS: dict[str, dict[str, str]] = {
    "en": {"frozen": "frozen", "kings": "king", "joker": "joker", "pile": "pile", "jokers": "joker"},
    "nl": {
        "koning": "heer",
        "koningen": "heer",
        "bevroren": "geblokkeerd",
        "bevriezen": "geblokkeerd",
        "bevroren stapel": "geblokkeerd",
        "koningin": "vrouw",
        "koninginnen": "vrouw",
        "dame": "vrouw",
        "dames": "vrouw",
        "schoppendame": "schoppenvrouw",
        "aflegstapel": "stapel",
        "natuurlijke": "zuivere",
        "natuurlijk": "zuivere",
        "gemengde": "onzuivere",
    },
    "fr": {"reine": "dame", "reines": "dame", "gele": "gele", "geler": "gele", "figee": "gele"},
}


def fold(word: str) -> str:
    """Lowercase without accents or ligatures: "Drieën" -> "drieen", "Cœur" -> "coeur"."""
    decomposed = unicodedata.normalize("NFKD", word.lower().translate(LIGATURES))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def singular(word: str, language: str) -> str:
    """A French or Dutch plural as its singular, where the stemmer keeps it ("rois" -> "roi")."""
    if language == "fr" and len(word) > 3 and word[-1] in "sx" and word[-2] != word[-1]:
        return word[:-1]
    return word


def one_edit(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter left out, added, changed, or two side by side
    swapped (optimal string alignment distance 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = 0
    while start < len(a) and a[start] == b[start]:
        start += 1
    if len(a) < len(b):
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:
        return True
    return a[start + 2 :] == b[start + 2 :] and a[start : start + 2] == b[start : start + 2][::-1]


class Analyzer:
    """Words to the stems the search compares, for one language. One analyzer serves one build
    of the sections or one query, and remembers the stems it made meanwhile (a page repeats its
    words, and the pure-Python stemmer is the slow part)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.synonyms = SYNONYMS.get(language, {})
        self.stemmer = snowballstemmer.stemmer(STEMMERS.get(language, "english"))
        self.stopwords = STOPWORDS.get(language, STOPWORDS["en"])
        self.stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        folded = fold(word)
        if folded not in self.stems:
            self.stems[folded] = str(self.stemmer.stemWord(singular(folded, self.language)))
        return self.stems[folded]

    def query(self, text: str) -> tuple[str, ...]:
        """The query's stems in order, without repeats; stopwords dropped unless they are all."""
        return tuple(stem for _, stem in self.query_words(text))

    def query_words(self, text: str) -> list[tuple[str, str]]:
        """(folded word, stem) of the query's words, as ``query`` keeps them."""
        words = [self.synonyms.get(word, word) for word in WORD.findall(fold(text))]
        kept = [word for word in words if word not in self.stopwords] or words
        found: list[tuple[str, str]] = []
        for word in kept:
            stem = self.stem(word)
            if all(stem != seen for _, seen in found):
                found.append((word, stem))
        return found


def matches(query_stem: str, stem: str) -> bool:
    """A word matches a query word with the same stem, or a longer one it begins, or (a Dutch
    compound) one it ends: "heer" matches "hartenheer"."""
    if stem == query_stem:
        return True
    if len(query_stem) < 3:
        return False
    return stem.startswith(query_stem) or (len(query_stem) >= 4 and stem.endswith(query_stem))


# Elements whose edges are word boundaries: a cell, an item, a paragraph never runs into the next.
BLOCK_TAG = re.compile(
    r"</?(?:td|th|tr|li|p|div|dt|dd|caption|br|h\d|table|thead|tbody|ul|ol|dl|small|span)\b[^>]*>"
)


def _plain(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(strip_tags(BLOCK_TAG.sub(" ", markup)))).strip()


def forgiving(
    analyzer: Analyzer, query: Sequence[tuple[str, str]], stems: frozenset[str], words: Mapping[str, int]
) -> tuple[str, ...]:
    """The query's stems, each that no section holds replaced by the stem of the pages' word one
    edit away from the typed word (the most used of them), so a typo finds what it meant."""
    found: list[str] = []
    for word, stem in query:
        if len(word) < 4 or any(matches(stem, indexed) for indexed in stems):
            found.append(stem)
            continue
        near = [(count, indexed) for indexed, count in words.items() if one_edit(word, indexed)]
        found.append(analyzer.stem(max(near)[1]) if near else stem)
    return tuple(dict.fromkeys(found))


def render_sections(home: GameHome, analyzer: Analyzer) -> list[SectionText]:
    """Every section of a game's rules page as text, in the active language (what the page shows)."""
    context = {
        "home": home,
        "game": home.slug,
        "name": home.name,
        "t": home.rules_tables(),
        "rules_template": home.rules_template,
    }
    sections = []
    for section in home.rules_sections():
        text = _plain(render_to_string(section.template, context))
        sections.append(
            SectionText(
                home.slug,
                str(home.name),
                section.anchor,
                section.title,
                text,
                _tokens(analyzer, section.title),
                _tokens(analyzer, text),
                tuple(stem for stem, _, _ in _tokens(analyzer, str(home.name))),
            )
        )
    return sections


def _sources_digest(language: str) -> str:
    """Size and time of every file the sections' text comes from, as a short digest."""
    names = {"rulebook/game.html", *(home.rules_template for home in all_homes())}
    paths = [get_template(name).origin.name for name in sorted(names)]  # type: ignore[attr-defined]
    paths += [str(Path(root) / language / "LC_MESSAGES" / "django.mo") for root in settings.LOCALE_PATHS]
    stamps = []
    for path in paths:
        try:
            found = os.stat(path)
        except OSError:
            continue
        stamps.append(f"{path}:{found.st_size}:{found.st_mtime_ns}")
    return hashlib.sha256("|".join(stamps).encode()).hexdigest()[:16]


def member_homes(user: object) -> list[GameHome]:
    """The homes of the games that are data which ``user`` may read (none for a visitor).

    The rulebook's hook for them: at search time, every installed app whose ``AppConfig`` has a
    ``rulebook_games(user)`` method is asked for the reader's games (the matches app answers with
    the house games of the reader's clubs). Nothing is registered at start-up and nothing reaches
    the database before a reader searches; the rulebook imports no app that keeps games."""
    homes: list[GameHome] = []
    for app in apps.get_app_configs():
        games = getattr(app, "rulebook_games", None)
        if games is not None:
            homes.extend(games(user))
    return homes


def house_corpus(home: GameHome, language: str) -> Corpus:
    """A house game's sections in ``language``, from the cache when kept: keyed by a digest of
    its rules as worded (a changed definition words differently) and the sources' digest."""
    with translation.override(language):
        worded = repr(sorted((key, repr(value)) for key, value in home.rules_tables().items()))
    digest = hashlib.sha256(f"{home.slug}|{home.name}|{worded}".encode()).hexdigest()[:16]
    key = f"rules-search:{CORPUS_FORMAT}:{language}:{_sources_digest(language)}:{digest}"
    kept = cache.get(key)
    if isinstance(kept, Corpus):
        return kept
    with translation.override(language):
        found = Corpus.of(render_sections(home, Analyzer(language)))
    cache.set(key, found, CORPUS_SECONDS)
    return found


def corpus(language: str) -> Corpus:
    """The sections of every game in ``language``, from the cache when kept."""
    key = f"rules-search:{CORPUS_FORMAT}:{language}:{_sources_digest(language)}"
    kept = cache.get(key)
    if isinstance(kept, Corpus):
        return kept
    analyzer = Analyzer(language)
    with translation.override(language):
        found = Corpus.of([section for home in all_homes() for section in render_sections(home, analyzer)])
    cache.set(key, found, CORPUS_SECONDS)
    return found


def _tokens(analyzer: Analyzer, text: str) -> tuple[Token, ...]:
    """(stem, start, end) of every word of a text."""
    return tuple((analyzer.stem(found[0]), found.start(), found.end()) for found in WORD.finditer(text))


def _phrase(stems: Sequence[str], query: Sequence[str]) -> int:
    """How often the query's words stand side by side, in order."""
    if len(query) < 2:
        return 0
    return sum(
        all(matches(q, stems[start + offset]) for offset, q in enumerate(query))
        for start in range(len(stems) - len(query) + 1)
    )


def _parts(text: str, tokens: Sequence[Token], query: Sequence[str]) -> tuple[Part, ...]:
    parts: list[Part] = []
    position = 0
    for stem, start, end in tokens:
        if any(matches(q, stem) for q in query):
            if start > position:
                parts.append(Part(text[position:start], False))
            parts.append(Part(text[start:end], True))
            position = end
    if position < len(text):
        parts.append(Part(text[position:], False))
    return tuple(parts)


def _snippet(text: str, tokens: Sequence[Token], query: Sequence[str]) -> tuple[Part, ...]:
    """About ``SNIPPET_WORDS`` words of the text around its first word found."""
    first = next((i for i, (stem, _, _) in enumerate(tokens) if any(matches(q, stem) for q in query)), 0)
    begin = max(0, first - SNIPPET_WORDS // 4)
    window = tokens[begin : begin + SNIPPET_WORDS]
    if not window:
        return ()
    start = window[0][1] if begin else 0
    end = window[-1][2] if begin + SNIPPET_WORDS < len(tokens) else len(text)
    shift = [(stem, s - start, e - start) for stem, s, e in window]
    parts = list(_parts(text[start:end], shift, query))
    if begin:
        parts.insert(0, Part("… ", False))
    if end < len(text):
        parts.append(Part(" …", False))
    return tuple(parts)


def search(
    text: str,
    games: Iterable[str] | None = None,
    language: str | None = None,
    homes: Sequence[GameHome] = (),
) -> list[Hit]:
    """The sections that hold the query's words, best first (``games``: only these games);
    ``homes`` adds the reader's house games (``member_homes``) after the built-in ones."""
    # One of the site's languages ("nl", not "nl-be"): it names the cache entry and the stemmer.
    language = (language or translation.get_language() or "en").split("-")[0]
    language = language if language in STEMMERS else "en"
    analyzer = Analyzer(language)
    typed = analyzer.query_words(text)
    if not typed:
        return []
    searched = corpus(language)
    for home in homes:
        searched = searched + house_corpus(home, language)
    sections = searched.sections
    query = forgiving(analyzer, typed, searched.stems, searched.words)
    wanted = set(games) if games is not None else None
    scored = []
    for order, section in enumerate(sections):
        if wanted is not None and section.game not in wanted:
            continue
        title = section.title_tokens
        body = section.text_tokens
        title_stems = [stem for stem, _, _ in title]
        body_stems = [stem for stem, _, _ in body]
        found = 0
        score = 0.0
        for q in query:
            in_title = sum(matches(q, stem) for stem in title_stems)
            in_body = sum(matches(q, stem) for stem in body_stems)
            in_name = any(matches(q, stem) for stem in section.name_stems)
            if in_title or in_body or in_name:
                found += 1
            score += TITLE_WEIGHT * bool(in_title) + math.log1p(in_body) + NAME_WEIGHT * in_name
        if not found:
            continue
        score += PHRASE_WEIGHT * (bool(_phrase(title_stems, query)) + math.log1p(_phrase(body_stems, query)))
        hit = Hit(
            section.game,
            section.game_name,
            section.anchor,
            _parts(section.title, title, query),
            _snippet(section.text, body, query),
            score,
        )
        scored.append((found, score, -order, hit))
    if not scored:
        return []
    best = max(found for found, *_ in scored)
    ranked = sorted(
        (entry for entry in scored if entry[0] == best), key=lambda entry: entry[:3], reverse=True
    )
    return [hit for *_, hit in ranked[:MAX_RESULTS]]
