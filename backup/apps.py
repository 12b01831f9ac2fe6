"""A club's record as a file, in an app of its own: the JSON backup of everything the club
entered (written by a task, kept a week), its import (``manage.py import_club``) and the results
CSV for a spreadsheet.

It sits above the apps whose records it writes: it reads and rebuilds matches, players and
house games (``matches``, ``players``), and the apps above it add their own part of a club
(the league its competitions) through ``backup.exports.register``, so it imports none of them.
Nothing below it (matches, players, the games) knows it exists."""

from django.apps import AppConfig


class BackupConfig(AppConfig):
    name = "backup"
