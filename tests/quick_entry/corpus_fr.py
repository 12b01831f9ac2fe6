# ruff: noqa: E501, RUF001  (a table of sentences as they are said, one case a line or two)
"""French sentences for a round, as a table types or says them, with the form each must fill
(``tests/quick_entry/corpus.py`` says how to read a case)."""

from __future__ import annotations

from tests.quick_entry.corpus import Case, barbuse, bids, canasta, duizenden, frustration, points, tarot

F, C = False, True
CASES = [
    # Frustration (contrats néerlandais et français) : qui est sorti, les points, posé ou non.
    Case("frustration-fr", "Anna sort, Bram quinze, Cor quatre-vingt-quinze", frustration("Anna", Bram=15, Cor=95)),
    Case("frustration-fr", "Anna est sortie, Bram vingt posé, Cor cent pas posé",
         frustration("Anna", Bram=(20, C), Cor=(100, F))),
    Case("frustration-fr", "Bram trente-cinq, Cor cent vingt n'a pas posé, Anna a fini",
         frustration("Anna", Bram=35, Cor=(120, F))),
    Case("frustration-fr", "Cor est sorti, Anna soixante-dix a posé, Bram quatre-vingts n’a pas posé",
         frustration("Cor", Anna=(70, C), Bram=(80, F))),
    Case("frustration-fr", "Anna sort, Brma vingt-cinq, Cor soixante", frustration("Anna", Bram=25, Cor=60)),
    Case("frustration-fr", "Ana sort, Bram trente, Cor zéro", frustration("Anna", Bram=30, Cor=0)),
    Case("frustration-fr", "Bram sort, Anna soixante-cinq posé, Cor quatre-vingt-dix pas posé",
         frustration("Bram", Anna=(65, C), Cor=(90, F))),
    Case("frustration-fr", "Anna sort, Bram 15, Cor 95 n'a pas posé", frustration("Anna", Bram=15, Cor=(95, F))),
    Case("frustration-nl", "Bram sort, Anna trente-cinq, Cor cent cinq pas posé",
         frustration("Bram", Anna=35, Cor=(105, F))),
    Case("frustration-nl", "Cor est sortie. Anna 55 posé, Bram 80 pas posé",
         frustration("Cor", Anna=(55, C), Bram=(80, F))),
    Case("frustration-nl", "Anna sort, Bram dix, Cor rien", frustration("Anna", Bram=10, Cor=0)),
    Case("frustration-nl", "Cor sort, Anna vingt-cinq, Bram soixante-quinze a posé",
         frustration("Cor", Anna=25, Bram=(75, C))),
    Case("frustration-nl", "Kor sort, Anna 40, Bram cent vingt n'a pas posé",
         frustration("Cor", Anna=40, Bram=(120, F))),
    # Duizenden : qui est sorti, les points sur la table et en main.
    Case("duizenden", "Anna quatre-vingt-cinq moins quarante, Bram sort deux cent trente, Cor moins trente",
         duizenden("Bram", Anna=(85, 40), Bram=(230, None), Cor=(0, 30))),
    Case("duizenden", "Cor 120 sur la table 20 en main, Anna sort avec trois cent dix, Bram moins quinze",
         duizenden("Anna", Cor=(120, 20), Anna=(310, None), Bram=(0, 15))),
    Case("duizenden", "Bram est sorti avec deux cents, Anna 120 sur la table, 85 en main, Cor moins vingt",
         duizenden("Bram", Bram=(200, None), Anna=(120, 85), Cor=(0, 20))),
    Case("duizenden", "Anna 85 en main, 60 sur la table, Cor sort avec deux cent cinquante, "
         "Bram rien sur la table moins 35", duizenden("Cor", Anna=(60, 85), Cor=(250, None), Bram=(0, 35))),
    Case("duizenden", "Bram sort 150, Anna en main 40 sur la table 95, Cor table 30 main 25",
         duizenden("Bram", Bram=(150, None), Anna=(95, 40), Cor=(30, 25))),
    Case("duizenden", "Anna sort, Bram soixante moins quinze, Kor moins soixante-dix",
         duizenden("Anna", Anna=(None, None), Bram=(60, 15), Cor=(0, 70))),
    Case("duizenden", "Anna 45 sur la table et 30 en main, Cor est sortie avec 180, Bram -25",
         duizenden("Cor", Anna=(45, 30), Cor=(180, None), Bram=(0, 25))),
    Case("duizenden", "Cor sort, Anna rien, moins cinquante-cinq, Bram 75 sur la table, 20 en main",
         duizenden("Cor", Cor=(None, None), Anna=(0, 55), Bram=(75, 20))),
    Case("duizenden", "Anna est sortie, Bram cent vingt sur la table, zéro en main, Cor 95 en main, 40 sur la table",
         duizenden("Anna", Anna=(None, None), Bram=(120, 0), Cor=(40, 95))),
    Case("duizenden", "Bram sort, Anna cent vingt sur la table, quatre-vingt-cinq en main, Cor rien sur la table, "
         "trente en main", duizenden("Bram", Bram=(None, None), Anna=(120, 85), Cor=(0, 30))),
    Case("duizenden", "Anna 120 sur la table, 85 en main", duizenden(Anna=(120, 85))),
    # Canasta : une équipe est nommée par l'un ou l'autre partenaire.
    Case("canasta", "Anna sort deux naturelles une mixte un trois rouge trois cent dix moins vingt-cinq, "
         "Bram une mixte cent vingt moins soixante",
         canasta("Anna", Anna={"natural": 2, "mixed": 1, "red": 1, "meld": 310, "hand": 25},
                 Bram={"mixed": 1, "meld": 120, "hand": 60})),
    Case("canasta", "Bram et Dirk sortent avec 2 naturelles et 320 sur la table, Anna 1 mixte, "
         "120 sur la table, 85 en main",
         canasta("Bram", Bram={"natural": 2, "meld": 320}, Anna={"mixed": 1, "meld": 120, "hand": 85})),
    Case("canasta", "Cor sort d'un coup, 1 canasta pure, 2 trois rouges, table 250 ; Dirk aucun trois rouge, "
         "90 moins 45",
         canasta("Cor", Cor={"concealed": C, "natural": 1, "red": 2, "meld": 250}, Dirk={"meld": 90, "hand": 45})),
    Case("canasta", "Dirk sort, 1 pure 2 mixtes, 400 sur la table ; Anna 1 mixte, 85 en main, 150 sur la table",
         canasta("Dirk", Dirk={"natural": 1, "mixed": 2, "meld": 400}, Anna={"mixed": 1, "hand": 85, "meld": 150})),
    Case("canasta", "Bram et Dirk sont sortis avec deux naturelles, mille deux cents sur la table ; Anna cinquante en main",
         canasta("Bram", Bram={"natural": 2, "meld": 1200}, Anna={"hand": 50})),
    Case("canasta", "Bram sort 1 naturelle 1 mixte 280, Cor 1 trois rouge, 60 sur la table, 95 en main",
         canasta("Bram", Bram={"natural": 1, "mixed": 1, "meld": 280}, Cor={"red": 1, "meld": 60, "hand": 95})),
    Case("canasta", "Cor est sortie avec 3 naturelles, 500 sur la table ; Bram 2 trois rouges, 100 sur la table, "
         "40 en main", canasta("Cor", Cor={"natural": 3, "meld": 500}, Bram={"red": 2, "meld": 100, "hand": 40})),
    Case("canasta", "Anna et Cor sont sorties avec une naturelle et une mixte, 220 sur la table ; Bram et Dirk "
         "2 trois rouges, 80 en main, 150 sur la table",
         canasta("Anna", Anna={"natural": 1, "mixed": 1, "meld": 220}, Bram={"red": 2, "hand": 80, "meld": 150})),
    Case("canasta", "Dirk sort, trois mixtes, quatre trois rouges, trois cents ; Cor une naturelle, cent cinquante "
         "moins quatre-vingts",
         canasta("Dirk", Dirk={"mixed": 3, "red": 4, "meld": 300}, Cor={"natural": 1, "meld": 150, "hand": 80})),
    Case("canasta-2", "Anna sort 2 naturelles 350, Bram 1 mixte 110 moins 90",
         canasta("Anna", players=2, Anna={"natural": 2, "meld": 350}, Bram={"mixed": 1, "meld": 110, "hand": 90})),
    # Barbuse : le contrat, puis les nombres de chacun.
    Case("barbuse", "pas de cœurs, Anna deux, Bram quatre, Cor zéro, Dirk trois",
         barbuse("no_hearts", Anna=2, Bram=4, Cor=0, Dirk=3)),
    Case("barbuse", "pas de dames, Anna une, Bram deux, Cor une, Dirk zéro",
         barbuse("no_queens", Anna=1, Bram=2, Cor=1, Dirk=0)),
    Case("barbuse", "knobbelen, Anna annonce deux plis trois, Bram un un, Cor trois deux, Dirk zéro un",
         barbuse("knobbelen", Anna=(2, 3), Bram=(1, 1), Cor=(3, 2), Dirk=(0, 1))),
    Case("barbuse", "aanleggen, Anna premier, Bram troisième, Cor deuxième, Dirk quatrième",
         barbuse("aanleggen", Anna=1, Bram=3, Cor=2, Dirk=4)),
    Case("barbuse", "pas de roi de cœur, Cor a le roi", barbuse("no_king_of_hearts", king="Cor")),
    Case("barbuse", "Dirk a le roi de cœur", barbuse("no_king_of_hearts", king="Dirk")),
    Case("barbuse", "pas de cœurs, Anna cinq, Brm trois, Cor rien, Dirk cinq",
         barbuse("no_hearts", Anna=5, Bram=3, Cor=0, Dirk=5)),
    Case("barbuse", "Anna deux dames, Bram une, Cor une, Dirk aucune", barbuse("no_queens", Anna=2, Bram=1, Cor=1, Dirk=0)),
    Case("barbuse", "Anna 1 1, Bram 2 3, Cor 0 1, Dirk 3 2",
         barbuse("knobbelen", Anna=(1, 1), Bram=(2, 3), Cor=(0, 1), Dirk=(3, 2))),
    Case("barbuse", "deviner les plis : Anna annonce deux, trois plis, Bram annonce un, zéro pli, Cor 1 1, Dirk 0 0",
         barbuse("knobbelen", Anna=(2, 3), Bram=(1, 0), Cor=(1, 1), Dirk=(0, 0))),
    Case("barbuse", "pas de cœurs Anna 3 Bram 4 Cor 6 Dirk 0", barbuse("no_hearts", Anna=3, Bram=4, Cor=6, Dirk=0)),
    # Jeux maison : Hartenjagen, Boerenbridge, Jeu libre, Rikken.
    Case("hartenjagen", "Anna 5, Bram 13, Cor 8, Dirk 0", points(Anna=5, Bram=13, Cor=8, Dirk=0)),
    Case("hartenjagen", "Anna treize, Bram rien, Cor six, Dirk sept", points(Anna=13, Bram=0, Cor=6, Dirk=7)),
    Case("hartenjagen", "Bram vingt-six, Anna zéro, Cor zéro, Dirk zéro", points(Anna=0, Bram=26, Cor=0, Dirk=0)),
    Case("hartenjagen", "Anna quatre, Bram neuf, Cor treize, Dirk aucun", points(Anna=4, Bram=9, Cor=13, Dirk=0)),
    Case("hartenjagen", "Anna 3, Bram 10, Cor 13, Drik 0", points(Anna=3, Bram=10, Cor=13, Dirk=0)),
    Case("boerenbridge", "Anna annonce 2 réalise 2, Bram annonce 1 réalise 0, Cor annonce 0 réalise 1, "
         "Dirk annonce 1 réalise 1", bids(Anna=(2, 2), Bram=(1, 0), Cor=(0, 1), Dirk=(1, 1))),
    Case("boerenbridge", "Anna 1 1, Bram 0 0, Cor 2 1, Dirk 0 1", bids(Anna=(1, 1), Bram=(0, 0), Cor=(2, 1), Dirk=(0, 1))),
    Case("boerenbridge", "Anna demande un, un pli ; Bram annonce zéro, aucun pli ; Cor annonce deux, trois plis ; "
         "Dirk annonce zéro, zéro pli", bids(Anna=(1, 1), Bram=(0, 0), Cor=(2, 3), Dirk=(0, 0))),
    Case("boerenbridge", "Bram annonce 1 et fait 1 pli, Anna annonce 0 et 1 pli, Cor annonce 0 plis 0, "
         "Dirk annonce 2 plis 1", bids(Anna=(0, 1), Bram=(1, 1), Cor=(0, 0), Dirk=(2, 1))),
    Case("boerenbridge", "Anna 2 plis, annonce 2 ; Bram annonce 0, 1 pli ; Cor 1 1 ; Dirk 0 0",
         bids(Anna=(2, 2), Bram=(0, 1), Cor=(1, 1), Dirk=(0, 0))),
    Case("free", "Anna mille deux cents, Bram moins cinquante, Cor trois cent dix",
         points(3, Anna=1200, Bram=-50, Cor=310)),
    Case("free", "Anna 250, Bram -75, Cor zéro", points(3, Anna=250, Bram=-75, Cor=0)),
    Case("free", "Anna cent vingt, Bram douze cents, Cor moins vingt", points(3, Anna=120, Bram=1200, Cor=-20)),
    Case("free", "Anna 1\u202f250, Bram 980, Cor moins 40", points(3, Anna=1250, Bram=980, Cor=-40)),
    # Typed with a plain space, "1 250" may be two numbers: Anna's line is left for the table.
    Case("free", "Anna 1 250, Bram 980, Cor moins 40", points(3, Anna=1250, Bram=980, Cor=-40)),
    Case("free", "Anna quarante, Bram trente-cinq, Cor rien", points(3, Anna=40, Bram=35, Cor=0)),
    Case("rikken", "Anna 30, Bram moins 10, Cor moins 10, Dirk moins 10", points(Anna=30, Bram=-10, Cor=-10, Dirk=-10)),
    Case("rikken", "Anna moins vingt, Bram vingt, Cor 0, Dirk rien", points(Anna=-20, Bram=20, Cor=0, Dirk=0)),
    Case("rikken", "Dirk 45, Anna -15, Bram -15, Cor -15", points(Anna=-15, Bram=-15, Cor=-15, Dirk=45)),
    Case("rikken", "Ana moins soixante, Bram vingt, Cor vingt, Dirk vingt", points(Anna=-60, Bram=20, Cor=20, Dirk=20)),
    Case("rikken", "Anna plus 15, Bram moins 5, Cor moins 5, Dirk moins 5", points(Anna=15, Bram=-5, Cor=-5, Dirk=-5)),
    # Ordinaire, mais lisible de deux façons : 60 en main et 15 sur la table, ou l'inverse.
    Case("duizenden", "Anna sort, Bram 60 main 15, Cor moins 10",
         duizenden("Anna", Anna=(None, None), Bram=(60, 15), Cor=(0, 10))),
    # D'après les phrases de la revue : une équipe nommée par les deux partenaires, « rien en main ».
    Case("canasta", "Anna et Cor 120 sur la table, 85 en main, Bram sort avec 2 naturelles et 300 sur la table",
         canasta("Bram", Anna={"meld": 120, "hand": 85}, Bram={"natural": 2, "meld": 300})),
    Case("duizenden", "Anna 120 sur la table, rien en main, Bram sort 250, Cor moins 15",
         duizenden("Bram", Anna=(120, 0), Bram=(250, None), Cor=(0, 15))),
    Case("free", "Anna mille deux cent cinquante, Bram moins cent, Cor zéro",
         points(3, Anna=1250, Bram=-100, Cor=0)),
    # « Respectivement » : les nombres dits ensemble après les deux noms ; refusé, jamais deviné.
    Case("frustration-nl", "Bram sort, Anna et Cor ont 30 et 45", frustration("Bram", Anna=30, Cor=45)),
    # Tarot : le contrat, le preneur, ses points et ses bouts.
    Case("tarot", "garde, Anna prend 47 points 2 bouts", tarot("garde", "Anna", 47, 2)),
    Case("tarot", "garde sans, Cor 51 points 1 bout", tarot("garde_sans", "Cor", 51, 1, said=False)),
    Case("tarot", "Dirk garde contre, 36 points, 3 bouts", tarot("garde_contre", "Dirk", 36, 3, said=False)),
    Case("tarot", "prise Anna preneur quarante et un points deux bouts", tarot("prise", "Anna", 41, 2)),
]  # fmt: skip
