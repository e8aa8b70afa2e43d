"""Time in the store's one format: UTC ISO text with milliseconds, written and read back.

Its own module so the store, the gate, the CLI and replay share one writer and one reader
without importing each other. Standard library ``time`` only: the hook loads it on every event.
"""

import time


def now_iso():
    """UTC time as ``2026-09-02T14:02:11.318Z`` (sorts as text)."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + ".%03dZ" % int(now % 1 * 1000)


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def parse_ts(ts):
    """ISO ``2026-09-02T14:02:11.318Z`` -> epoch seconds (None when unreadable).

    Read by hand: ``time.strptime`` first loads ``_strptime`` (locale, calendar, datetime and a
    locale regex), a few milliseconds of a Stop hook."""
    try:
        digits = ts[0:4] + ts[5:7] + ts[8:10] + ts[11:13] + ts[14:16] + ts[17:19]
        if len(digits) != 14 or not digits.isdigit() or ts[4] + ts[7] + ts[13] + ts[16] != "--::" \
                or ts[10] not in "Tt ":
            return None
        year, month, day = int(digits[0:4]), int(digits[4:6]), int(digits[6:8])
        hour, minute, second = int(digits[8:10]), int(digits[10:12]), int(digits[12:14])
        leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        if not (1 <= month <= 12 and 1 <= day <= _MONTH_DAYS[month - 1] + leap
                and hour < 24 and minute < 60 and second < 62):
            return None
        frac = ts[19:].rstrip("Z")
        return _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second + (
            float(frac) if frac.startswith(".") else 0.0)
    except (TypeError, ValueError, IndexError):
        return None


def _days_from_civil(year, month, day):
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm)."""
    year -= month <= 2
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def clock(ts):
    """Local ``HH:MM:SS`` for a stored UTC time."""
    seconds = parse_ts(ts)
    if seconds is None:
        return "?"
    return time.strftime("%H:%M:%S", time.localtime(seconds))
