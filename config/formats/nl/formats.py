# "4 december 2026", "4 dec. 2026": the Dutch month abbreviations ("N": mrt., mei, dec., from
# the project's catalogue) in lower case, where "M" would capitalise them as English does.
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j N Y"
MONTH_DAY_FORMAT = "j N"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j N Y, H:i"
