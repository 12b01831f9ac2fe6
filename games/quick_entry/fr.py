"""French: "Anna sort, Bram quinze, Cor quatre-vingt-quinze"."""

from games.quick_entry.language import Words

WORDS = Words(
    code="fr",
    out=(
        "sort", "sortie", "sorti", "est sorti", "est sortie", "sortant", "sortent", "sortis", "sorties",
        "sont sortis", "sont sorties", "fini", "finit", "a fini", "ont fini",
    ),
    minus=("moins", "-", "negatif"),
    negation=("pas", "n'a pas", "n'ont pas", "non", "ne", "n'est pas"),
    zero=("zero", "aucun", "aucune", "rien", "nul", "nulle"),
    fillers=(
        "et", "&", "a", "avec", "les", "le", "la", "l'", "de", "des", "du", "est", "points",
        "point", "plus", "puis", "en", "pour", "equipe", "fait", "marque", "il", "elle", "ils",
        "nous", "aussi", "encore", "sont", "ont", "au", "dans", "cartes", "donne", "tour",
    ),
    connectors=("et",),
)  # fmt: skip
