"""A round typed or said in one line ("Anna uit, Bram vijftien, Cor vijfennegentig"), read into
the round JSON the phone form holds, for the table to review before it saves.

Pure Python: no Django, no I/O. The pieces:

- ``entry``: what a game's round form takes from such a line (``QuickEntry``), declared by each
  game's home; ``POINTS_PER_PLAYER`` is the default (one number per player).
- ``language`` and one module per language (``en``, ``nl``, ``fr``): the words every game shares
  (out, minus, not, fillers); numbers in words are read by ``text2num``.
- ``common``: words for fields many games have (bids, tricks, points in hand or on the table).
- ``reading``: the one parser, ``read(line, language, lines, entry)``, answering ``Heard``: the
  round JSON and the words it could not place.
"""

from games.quick_entry.entry import POINTS_PER_PLAYER, Choice, Field, QuickEntry, Shape
from games.quick_entry.language import Words
from games.quick_entry.languages import LANGUAGES, words_for
from games.quick_entry.reading import Heard, read

__all__ = [
    "LANGUAGES",
    "POINTS_PER_PLAYER",
    "Choice",
    "Field",
    "Heard",
    "QuickEntry",
    "Shape",
    "Words",
    "read",
    "words_for",
]
