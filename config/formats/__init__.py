"""The site's date forms, one package per language (``FORMAT_MODULE_PATH``); what a language
does not set here comes from Django's own locale formats.

Every page writes a date in one of two forms: long (``DATE_FORMAT``, "4 December 2026", an
evening's title) and short (``SHORT_DATE_FORMAT``, "4 Dec 2026", in lists). Columns of a season
and a chart's labels, where the year is the same across, use the short form without its year
(``MONTH_DAY_FORMAT``, "4 Dec"). Templates write ``|date:"DATE_FORMAT"`` or
``|date:"SHORT_DATE_FORMAT"``, Python ``date_format(day, "SHORT_DATE_FORMAT")``: never a
format string of their own. A date field holds ISO values (``league.forms.IsoDateInput``),
which the browser shows in the reader's own form.
"""

from django.utils.translation import pgettext_lazy

# The short form's month abbreviations ("N"), kept in the project's catalogues so that Dutch
# writes them as the Taalunie does ("mrt.", "mei", "dec."), where Django's own Dutch catalogue
# drops the full stop; French keeps what Django writes.
MONTH_ABBREVIATIONS = [
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
]
