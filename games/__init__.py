"""The Django side of every game: one home per game, behind ``games.protocol.GameHome``.

A game's rules live in ``scoring/games/<game>.py``; everything the site shows of it (its name,
round form, hints, calculator keys, rules page, paper sheet, demo match) lives in its home here,
``games/<game>/``, with its templates and static files beside it. Pages, the API and the rules
pages ask ``games.registry.home_for(slug)``; they never switch on a slug.
"""
