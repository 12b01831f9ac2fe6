"""English: "Anna out, Bram fifteen, Cor ninety-five"."""

from games.quick_entry.language import Words

WORDS = Words(
    code="en",
    out=("out", "went out", "goes out", "is out", "gone out", "has gone out", "were out", "finished"),
    minus=("minus", "min", "-", "negative"),
    negation=("not", "didn't", "did not", "hasn't", "has not", "never", "haven't", "doesn't", "does not"),
    zero=("no", "none", "zero", "nil", "nothing"),
    fillers=(
        "and", "&", "has", "had", "have", "a", "an", "the", "is", "with", "points", "point",
        "scored", "score", "gets", "got", "plus", "then", "for", "of", "on", "in", "team", "side",
        "went", "goes", "he", "she", "they", "we", "also", "just", "'s", "did", "does", "were",
        "are", "their", "his", "her", "cards", "deal", "round",
    ),
    connectors=("and",),
    indefinite=("a", "an"),
    scales=("hundred", "thousand"),
    one="one",
)  # fmt: skip
