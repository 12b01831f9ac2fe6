"""Dutch: "Anna uit, Bram vijftien, Cor vijfennegentig"."""

from games.quick_entry.language import Words

WORDS = Words(
    code="nl",
    out=(
        "uit", "gaat uit", "is uit", "ging uit", "gingen uit", "gaan uit", "zijn uit", "uitgegaan",
        "is uitgegaan", "zijn uitgegaan", "klaar",
    ),
    minus=("min", "minus", "-", "negatief"),
    negation=("niet", "nog niet", "heeft niet", "hebben niet"),
    zero=("geen", "nul", "niks", "niets"),
    fillers=(
        "en", "&", "heeft", "had", "de", "het", "is", "met", "punten", "punt", "plus",
        "dan", "van", "op", "in", "team", "ploeg", "krijgt", "scoort", "gaat", "ging", "er", "nog",
        "ook", "hij", "zij", "ze", "wij", "we", "die", "dat", "wel", "zijn", "hebben", "hadden",
        "kaarten", "ronde", "spel", "maar",
    ),
    connectors=("en",),
)  # fmt: skip
