"""The round said or typed in one line, read for each game in each language: names (accents,
case, the start of a name), numbers in words and digits, out, minus, not, each game's own
words, and what cannot be placed. Pure: no database, no Django."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.barbuse.quick_entry import quick_entry as barbuse_entry
from games.canasta.quick_entry import quick_entry as canasta_entry
from games.duizenden.quick_entry import ENTRY as DUIZENDEN
from games.frustration.quick_entry import quick_entry as frustration_entry
from games.quick_entry import POINTS_PER_PLAYER, QuickEntry, read
from scoring.games import barbuse

THREE = [["Anna"], ["Bram"], ["Cor"]]
FOUR = [["Anna"], ["Bram"], ["Cor"], ["Dirk"]]
SIDES = [["Anna", "Cor"], ["Bram", "Dirk"]]
ACCENTS = [["José"], ["Élodie"], ["Anne-Marie"]]
FRUSTRATION = frustration_entry(55)  # eleven cards of Frustration (11 contracts) are worth 55 at least
CANASTA = canasta_entry(special_canastas=False, alone=False)
CANASTA_SPECIAL = canasta_entry(special_canastas=True, alone=False)
CANASTA_ALONE = canasta_entry(special_canastas=False, alone=True)
BARBUSE = barbuse_entry(barbuse.CONTRACTS)  # a spelmaker's first deal: every contract left
BARBUSE_LATE = barbuse_entry((barbuse.AANLEGGEN, barbuse.NO_KING_OF_HEARTS))

OUT = {"went_out": True, "laid_down": True, "points": 0}


def _out(points: int, laid: bool | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"went_out": False, "points": points}
    if laid is not None:
        entry["laid_down"] = laid
    return entry


def _dz(table: int | None, hand: int | None, out: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"went_out": out}
    if table is not None:
        entry["table_points"] = table
    if hand is not None:
        entry["hand_points"] = hand
    return entry


def _side(**said: Any) -> dict[str, Any]:
    """A Canasta side as the form holds it: counts at 0 and not concealed unless said."""
    return {"natural_canastas": 0, "mixed_canastas": 0, "red_threes": 0, "concealed": False, **said}


# (language, entry, lines, the line, entries, unplaced)
FRUSTRATION_LINES = [
    ("nl", THREE, "Anna uit, Bram vijftien, Cor vijfennegentig", [OUT, _out(15, True), _out(95)], ()),
    ("nl", THREE, "anna gaat uit bram 15 cor 95", [OUT, _out(15, True), _out(95)], ()),
    (
        "nl",
        THREE,
        "Bram twintig gelegd, Cor honderd niet gelegd, Anna is uit",
        [OUT, _out(20, True), _out(100, False)],
        (),
    ),
    ("nl", ACCENTS, "JOSE uit, elodie tien, anne-marie zestig", [OUT, _out(10, True), _out(60)], ()),
    ("nl", THREE, "An uit, Br vijf, Co tachtig", [OUT, _out(5, True), _out(80)], ()),
    ("fr", THREE, "Anna sort, Bram quinze, Cor quatre-vingt-quinze", [OUT, _out(15, True), _out(95)], ()),
    (
        "fr",
        THREE,
        "Anna est sortie, Bram vingt posé, Cor cent pas posé",
        [OUT, _out(20, True), _out(100, False)],
        (),
    ),
    ("fr", ACCENTS, "José sort, Élodie trente, Anne-Marie soixante-dix", [OUT, _out(30, True), _out(70)], ()),
    ("en", THREE, "Anna out, Bram fifteen, Cor ninety-five", [OUT, _out(15, True), _out(95)], ()),
    ("en", THREE, "anna out bram 15 cor 95", [OUT, _out(15, True), _out(95)], ()),
    (
        "en",
        THREE,
        "Anna went out; Bram 60 laid down; Cor 70 not laid down",
        [OUT, _out(60, True), _out(70, False)],
        (),
    ),
    # A word that cannot be placed leaves its player's line empty: which field was it for?
    ("en", THREE, "Anna out, Bram 15, Cor 95 blue", [OUT, _out(15, True), {"went_out": False}], ("blue",)),
    # Two players out: neither is marked; a number too many leaves its line empty.
    ("en", THREE, "Anna out, Bram 15 20, Cor out", [{}, {}, {}], ("20", "out", "out")),
    ("en", THREE, "twenty Anna out Dave 30", [{}, {}, {}], ("20", "Dave")),
]

DUIZENDEN_LINES = [
    (
        "nl",
        THREE,
        "Anna vijfentachtig min veertig, Bram uit tweehonderddertig, Cor min dertig",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    (
        "nl",
        THREE,
        "Bram is uit met 230, Anna 85, 40 in de hand, Cor hand 30",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    # 85 in hand and 40 on the table, or the other way round: Anna's line is left empty.
    (
        "nl",
        THREE,
        "Bram is uit met 230, Anna 85 in de hand 40, Cor hand 30",
        [{"went_out": False}, _dz(230, 0, True), _dz(0, 30)],
        ("85 in de hand 40",),
    ),
    (
        "nl",
        THREE,
        "Anna honderdtwintig min vijftien; Bram uit, op tafel zestig; Cor nul min vijfenzestig",
        [_dz(120, 15), _dz(60, 0, True), _dz(0, 65)],
        (),
    ),
    (
        "fr",
        THREE,
        "Anna quatre-vingt-cinq moins quarante, Bram sort deux cent trente, Cor moins trente",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    (
        "fr",
        THREE,
        "Anna 85, en main 40, Bram est sorti avec 230 sur la table, Cor moins 30",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    (
        "en",
        THREE,
        "anna 85 minus 40 bram out 230 cor minus 30",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    (
        "en",
        THREE,
        "Anna eighty-five, forty in hand; Bram out two hundred thirty; Cor 0 -30",
        [_dz(85, 40), _dz(230, 0, True), _dz(0, 30)],
        (),
    ),
    (
        "en",
        THREE,
        "Anna 85 - 40 pizza, Bram out",
        [{"went_out": False}, _dz(None, 0, True), {"went_out": False}],
        ("pizza",),
    ),
]

CANASTA_LINES = [
    (
        "nl",
        SIDES,
        "Anna uit twee schone een vuile een rode drie driehonderdtien min vijfentwintig, "
        "Bram een vuile honderdtwintig min zestig",
        [
            _side(
                went_out=True,
                natural_canastas=2,
                mixed_canastas=1,
                red_threes=1,
                meld_points=310,
                hand_points=25,
            ),
            _side(went_out=False, mixed_canastas=1, meld_points=120, hand_points=60),
        ],
        (),
    ),
    (
        "nl",
        SIDES,
        "Cor gaat gesloten uit, 1 schone canasta, 2 rode drieën, op tafel 250; Dirk geen rode, 90 min 45",
        [
            _side(went_out=True, concealed=True, natural_canastas=1, red_threes=2, meld_points=250),
            _side(went_out=False, meld_points=90, hand_points=45),
        ],
        (),
    ),
    (
        "fr",
        SIDES,
        "Anna sort deux naturelles un trois rouge 310 moins 25, Bram une mixte 120 moins 60",
        [
            _side(went_out=True, natural_canastas=2, red_threes=1, meld_points=310, hand_points=25),
            _side(went_out=False, mixed_canastas=1, meld_points=120, hand_points=60),
        ],
        (),
    ),
    (
        "fr",
        SIDES,
        "Cor est sortie, une canasta pure, une sale, deux trois rouges, table trois cents, main vingt",
        [
            _side(
                went_out=True,
                natural_canastas=1,
                mixed_canastas=1,
                red_threes=2,
                meld_points=300,
                hand_points=20,
            ),
            _side(went_out=False),
        ],
        (),
    ),
    (
        "en",
        SIDES,
        "Anna out concealed 2 natural canastas 1 mixed 2 red threes meld 310 hand 25, "
        "Bram 1 dirty 120 minus 60",
        [
            _side(
                went_out=True,
                concealed=True,
                natural_canastas=2,
                mixed_canastas=1,
                red_threes=2,
                meld_points=310,
                hand_points=25,
            ),
            _side(went_out=False, mixed_canastas=1, meld_points=120, hand_points=60),
        ],
        (),
    ),
    (
        "en",
        SIDES,
        "Dirk out, one clean, no red threes, 200; Anna 75 minus 90 and a goat",
        [
            {"went_out": False},
            _side(went_out=True, natural_canastas=1, meld_points=200),
        ],
        ("goat",),
    ),
]

BARBUSE_LINES = [
    (
        "nl",
        FOUR,
        "geen vrouwen, Anna een, Bram twee, Cor nul, Dirk een",
        barbuse.NO_QUEENS,
        [{"queens": 1}, {"queens": 2}, {"queens": 0}, {"queens": 1}],
        (),
    ),
    (
        "nl",
        FOUR,
        "Anna drie drie, Bram bod twee slagen drie, Cor een een, Dirk twee twee",
        barbuse.KNOBBELEN,
        [{"bid": 3, "tricks": 3}, {"bid": 2, "tricks": 3}, {"bid": 1, "tricks": 1}, {"bid": 2, "tricks": 2}],
        (),
    ),
    (
        "nl",
        FOUR,
        "aanleggen anna eerste bram tweede cor derde dirk vierde",
        barbuse.AANLEGGEN,
        [{"place": 1}, {"place": 2}, {"place": 3}, {"place": 4}],
        (),
    ),
    (
        "nl",
        FOUR,
        "geen hartenheer, Cor",
        barbuse.NO_KING_OF_HEARTS,
        [{"king": False}, {"king": False}, {"king": True}, {"king": False}],
        (),
    ),
    (
        "nl",
        FOUR,
        "Anna twee harten, Bram vier, Cor geen, Dirk drie",
        barbuse.NO_HEARTS,
        [{"hearts": 2}, {"hearts": 4}, {"hearts": 0}, {"hearts": 3}],
        (),
    ),
    (
        "fr",
        FOUR,
        "pas de cœurs anna deux bram quatre cor zéro dirk trois",
        barbuse.NO_HEARTS,
        [{"hearts": 2}, {"hearts": 4}, {"hearts": 0}, {"hearts": 3}],
        (),
    ),
    (
        "fr",
        FOUR,
        "aanleggen anna premier bram deuxième cor troisième dirk quatrième",
        barbuse.AANLEGGEN,
        [{"place": 1}, {"place": 2}, {"place": 3}, {"place": 4}],
        (),
    ),
    (
        "fr",
        FOUR,
        "Cor a le roi",
        barbuse.NO_KING_OF_HEARTS,
        [{"king": False}, {"king": False}, {"king": True}, {"king": False}],
        (),
    ),
    (
        "fr",
        FOUR,
        "pas de dames, Anna une, Bram deux, Cor une, Dirk zéro",
        barbuse.NO_QUEENS,
        [{"queens": 1}, {"queens": 2}, {"queens": 1}, {"queens": 0}],
        (),
    ),
    (
        "en",
        FOUR,
        "building rows anna first bram second cor third dirk fourth",
        barbuse.AANLEGGEN,
        [{"place": 1}, {"place": 2}, {"place": 3}, {"place": 4}],
        (),
    ),
    (
        "fr",
        FOUR,
        "knobbelen, Anna annonce deux plis trois, Bram un un, Cor trois deux, Dirk zéro un",
        barbuse.KNOBBELEN,
        [{"bid": 2, "tricks": 3}, {"bid": 1, "tricks": 1}, {"bid": 3, "tricks": 2}, {"bid": 0, "tricks": 1}],
        (),
    ),
    (
        "en",
        FOUR,
        "no king of hearts, Dirk took the king",
        barbuse.NO_KING_OF_HEARTS,
        [{"king": False}, {"king": False}, {"king": False}, {"king": True}],
        (),
    ),
    (
        "en",
        FOUR,
        "no queens anna 1 bram 2 cor 0 dirk 1",
        barbuse.NO_QUEENS,
        [{"queens": 1}, {"queens": 2}, {"queens": 0}, {"queens": 1}],
        (),
    ),
    (
        "en",
        FOUR,
        "Anna bid 3 took 2, Bram bid two tricks three, Cor 1 1, Dirk 3 3 3",
        barbuse.KNOBBELEN,
        [{"bid": 3, "tricks": 2}, {"bid": 2, "tricks": 3}, {"bid": 1, "tricks": 1}, {}],
        ("3",),
    ),
]

POINTS_LINES = [
    (
        "nl",
        THREE,
        "Anna veertig, Bram min twintig, Cor 0",
        [{"points": 40}, {"points": -20}, {"points": 0}],
        (),
    ),
    (
        "fr",
        THREE,
        "Anna quarante, Bram moins vingt, Cor zéro",
        [{"points": 40}, {"points": -20}, {"points": 0}],
        (),
    ),
    (
        "en",
        THREE,
        "Anna forty, Bram minus twenty, Cor -5",
        [{"points": 40}, {"points": -20}, {"points": -5}],
        (),
    ),
]


# (language, entry, lines, the line, entries, unplaced): more ways of saying it.
MORE_LINES = [
    ("fr", FRUSTRATION, THREE, "Bram trente-cinq, Cor cent vingt n'a pas posé, Anna a fini",
     [OUT, _out(35, True), _out(120, False)], ()),
    ("fr", FRUSTRATION, THREE, "anna sort bram 15 cor 95 et puis chocolat",
     [OUT, _out(15, True), {"went_out": False}], ("chocolat",)),
    ("fr", DUIZENDEN, THREE,
     "Anna cent quarante moins dix, Bram est sortie, sur la table trois cent cinq, "
     "Cor rien posé moins quatre-vingts",
     [_dz(140, 10), _dz(305, 0, True), _dz(0, 80)], ()),
    ("fr", CANASTA, SIDES,
     "Bram sort d'un coup, deux canastas propres, table deux cent cinquante; "
     "Anna trois trois rouges, cent moins cinquante",
     [_side(went_out=False, red_threes=3, meld_points=100, hand_points=50),
      _side(went_out=True, concealed=True, natural_canastas=2, meld_points=250)], ()),
    ("en", FRUSTRATION, THREE, "Cor is out, Anna seventy not laid down, Bram five",
     [_out(70, False), _out(5, True), OUT], ()),
    ("en", CANASTA_SPECIAL, SIDES,
     "Bram out 1 clean 1 mixed aces 1 wild 3 red threes 600 minus 0, Cor 2 dirty 200, hand 45",
     [_side(went_out=False, mixed_canastas=2, natural_ace_canastas=0, mixed_ace_canastas=0, wild_canastas=0,
            meld_points=200, hand_points=45),
      _side(went_out=True, natural_canastas=1, red_threes=3, natural_ace_canastas=0, mixed_ace_canastas=1,
            wild_canastas=1, meld_points=600, hand_points=0)], ()),
    ("en", DUIZENDEN, THREE, "Bram went out with 185 on the table, Anna 0 minus 95, Cor 60, hand 15",
     [_dz(0, 95), _dz(185, 0, True), _dz(60, 15)], ()),
    ("nl", CANASTA, SIDES, "Dirk uit, drie vuile, vier rode, driehonderd; Cor een schone, 150, in de hand 80",
     [_side(went_out=False, natural_canastas=1, meld_points=150, hand_points=80),
      _side(went_out=True, mixed_canastas=3, red_threes=4, meld_points=300)], ()),
]  # fmt: skip


def _lines(table: list[tuple[Any, ...]], entry: QuickEntry) -> list[Any]:
    return [pytest.param(language, entry, lines, line, entries, unplaced, id=f"{language}: {line}")
            for language, lines, line, entries, unplaced in table]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "entry", "lines", "line", "entries", "unplaced"),
    [
        *_lines(FRUSTRATION_LINES, FRUSTRATION),
        *_lines(DUIZENDEN_LINES, DUIZENDEN),
        *_lines(CANASTA_LINES, CANASTA),
        *_lines(POINTS_LINES, POINTS_PER_PLAYER),
        *(pytest.param(*case, id=f"{case[0]}: {case[3]}") for case in MORE_LINES),
    ],
)
def test_reads_each_players_entry_and_keeps_what_it_could_not_place(
    language: str,
    entry: QuickEntry,
    lines: list[list[str]],
    line: str,
    entries: list[Any],
    unplaced: tuple[str, ...],
):
    heard = read(line, language, lines, entry)
    assert heard.body == {"entries": entries}
    assert heard.unplaced == unplaced
    assert heard.placed == any(entries)


@pytest.mark.parametrize(
    ("language", "lines", "line", "contract", "entries", "unplaced"),
    [pytest.param(*case, id=f"{case[0]}: {case[2]}") for case in BARBUSE_LINES],
)
def test_reads_a_barbuse_deal_with_its_contract(
    language: str,
    lines: list[list[str]],
    line: str,
    contract: str,
    entries: list[Any],
    unplaced: tuple[str, ...],
):
    heard = read(line, language, lines, BARBUSE)
    assert heard.body == {"contract": contract, "entries": entries}
    assert heard.unplaced == unplaced


def test_an_unsaid_contract_is_the_one_the_form_preselects():
    heard = read("Anna 2, Bram 1, Cor 4, Dirk 3", "en", FOUR, BARBUSE_LATE)
    assert heard.body == {
        "contract": barbuse.AANLEGGEN,
        "entries": [{"place": 2}, {"place": 1}, {"place": 4}, {"place": 3}],
    }


def test_a_contract_already_played_is_still_said_so_the_form_can_refuse_it():
    heard = read("no hearts anna 9", "en", FOUR, BARBUSE_LATE)
    assert heard.body["contract"] == barbuse.NO_HEARTS
    assert heard.body["entries"][0] == {"hearts": 9}


def test_the_fields_words_choose_the_contract_when_none_is_said():
    heard = read("Anna twee vrouwen, Bram een", "nl", FOUR, BARBUSE_LATE)
    assert heard.body["contract"] == barbuse.NO_QUEENS
    assert heard.body["entries"][:2] == [{"queens": 2}, {"queens": 1}]


def test_special_canastas_are_understood_only_where_the_match_plays_them():
    line = "Anna out 1 natural aces 1 wild 300 minus 0"
    special = read(line, "en", SIDES, CANASTA_SPECIAL)
    assert special.body["entries"][0]["natural_ace_canastas"] == 1
    assert special.body["entries"][0]["wild_canastas"] == 1
    assert special.unplaced == ()
    plain = read(line, "en", SIDES, CANASTA)
    assert "natural_ace_canastas" not in plain.body["entries"][0]
    assert plain.unplaced  # "aces" and "wild" mean nothing without special canastas


def test_a_canasta_player_alone_who_went_out_holds_nothing():
    heard = read("Anna out 1 natural 200, Bram 50 minus 30", "en", [["Anna"], ["Bram"]], CANASTA_ALONE)
    assert heard.body["entries"][0]["hand_points"] == 0
    partners = read("Anna out 1 natural 200", "en", SIDES, CANASTA)
    assert "hand_points" not in partners.body["entries"][0]


def test_a_partner_names_the_side():
    heard = read("Dirk 1 mixed 150 minus 20, Cor out 2 natural 400", "en", SIDES, CANASTA)
    assert heard.body["entries"][0]["went_out"] is True
    assert heard.body["entries"][1]["meld_points"] == 150


def test_a_name_two_players_start_with_is_not_placed():
    heard = read("ann out bram 20", "en", [["Anna"], ["Annie"], ["Bram"]], FRUSTRATION)
    assert heard.unplaced == ("ann", "out")
    assert heard.body["entries"][2]["points"] == 20
    assert "went_out" not in heard.body["entries"][0]


def test_a_player_who_sits_out_takes_no_entry():
    heard = read("Anna uit, Bram 20, Cor 30", "nl", THREE, FRUSTRATION, sitting_out=[2])
    assert heard.body["entries"][2] is None
    assert heard.unplaced == ("Cor", "30")


def test_the_first_word_of_a_longer_name_is_enough():
    heard = read("anna uit jan 25", "nl", [["Anna de Vries"], ["Jan Peter"], ["Cor"]], FRUSTRATION)
    assert heard.body["entries"][1]["points"] == 25


def test_thousands_are_read_whole():
    heard = read("Anna 1.250 min 40, Bram 1,000 minus 0", "nl", THREE, DUIZENDEN)
    assert heard.body["entries"][0]["table_points"] == 1250
    assert heard.body["entries"][1]["table_points"] == 1000


def test_nothing_understood_places_nothing():
    heard = read("hello there", "en", THREE, FRUSTRATION)
    assert heard.body == {"entries": [{}, {}, {}]}
    assert heard.unplaced == ("hello", "there")
    assert not heard.placed


def test_an_unknown_language_is_read_as_english():
    heard = read("Anna out Bram fifteen", "de", THREE, FRUSTRATION)
    assert heard.body["entries"][1]["points"] == 15


def test_the_package_imports_nothing_from_django():
    from tests.test_architecture import imported_modules

    assert not imported_modules("games/quick_entry") & {"django", "matches", "players", "config"}


WORDS_SAID = st.lists(
    st.one_of(
        st.sampled_from(
            ["Anna", "bram", "COR", "uit", "out", "sort", "min", "moins", "-", "niet", "pas", "gelegd"]
        ),
        st.sampled_from(
            ["vijftien", "quatre-vingt-quinze", "ninety five", "1.000", "-20", "eerste", "een", "twee"]
        ),
        st.text(max_size=8),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(words=WORDS_SAID, language=st.sampled_from(["en", "nl", "fr"]))
def test_any_line_is_read_without_failing_and_every_entry_stays_in_the_form(words: list[str], language: str):
    heard = read(" ".join(words), language, THREE, FRUSTRATION, sitting_out=[2])
    entries = heard.body["entries"]
    assert len(entries) == 3 and entries[2] is None
    assert sum(1 for entry in entries if entry and entry.get("went_out")) <= 1
    assert heard.placed or not any(entries[:2])


def test_a_name_alone_places_nothing():
    heard = read("Anna", "en", THREE, FRUSTRATION)
    assert not heard.placed
    assert heard.body == {"entries": [{}, {}, {}]}


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Brahm vijftien", [["Anna"], ["Bram"], ["Cor"]]),  # a letter too many
        ("Kor uit, Bram vijftien", [["Anna"], ["Bram"], ["Cor"]]),  # the same sound
        ("Filip vijftien", [["Anna"], ["Philip"], ["Cor"]]),
    ],
)
def test_a_name_misheard_by_a_letter_or_a_sound_is_still_its_player(line: str, names: list[list[str]]):
    heard = read(line, "nl", names, FRUSTRATION)
    assert heard.body["entries"][1]["points"] == 15
    assert heard.unplaced == ()


def test_a_number_word_is_never_taken_for_a_name():
    """ "een" is one letter from "Ben", "vier" the start of "Vierling": both stay numbers."""
    heard = read("Anna een, Vierling vier", "nl", [["Anna"], ["Ben"], ["Vierling"]], POINTS_PER_PLAYER)
    assert heard.body["entries"] == [{"points": 1}, {}, {"points": 4}]
