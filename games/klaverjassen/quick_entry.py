"""What Klaverjassen's round form takes from one line, per pair: that it played, its card points,
its roem and pit ("Anna speelt 98 20 roem, Bram 64"; "Bram plays 162 50 roem pit, Anna 0").

The round JSON names the playing pair at its top (``playing``); a line says it of itself, so the
reading marks the line (``plays``) and the form chooses that pair (``KlaverjassenHome``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape

PLAYS = {
    "en": ("plays", "played", "playing", "takes", "took"),
    "nl": ("speelt", "speelde", "gaat", "ging", "neemt aan", "nam aan"),
    "fr": ("joue", "jouait", "a joue", "prend", "a pris", "preneur"),
}
ROEM = {
    "en": ("roem", "meld", "melds", "bonus"),
    "nl": ("roem",),
    "fr": ("roem", "annonce", "annonces"),
}
PIT = {
    "en": ("pit", "march", "all tricks", "every trick"),
    "nl": ("pit", "mars", "alle slagen"),
    "fr": ("pit", "capot", "tous les plis"),
}

QUICK_ENTRY = QuickEntry(
    Shape(
        fields=(
            Field("plays", PLAYS, flag=True, blank=False),
            Field("points"),
            Field("roem", ROEM, blank=0),
            Field("pit", PIT, flag=True, blank=False),
        ),
        numbers=("points",),
    ),
    # A pair's line, as its first player would say it: the shared "15, minus 20" is no deal here.
    example=gettext_lazy("%(first)s plays 98 20 roem, %(second)s 64…"),
)
