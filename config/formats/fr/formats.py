# "4 décembre 2026", "4 déc. 2026": Django's French abbreviations ("N": fév., juin, juil., déc.).
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j N Y"
MONTH_DAY_FORMAT = "j N"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j N Y, H:i"
