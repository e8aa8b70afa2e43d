"""The ``stats --html`` page: one self-contained file (inline SVG and CSS, no script, no
network) that shows at a glance how trustworthy an agent's green claims were."""

import time
from html import escape

from stalegreen.replay.report import CLAIM_LABELS, PROBLEMS, RUN_LABELS, percent, row_json, top_hiders, \
    unique_claims, verdict_rows

COLORS = {"FRESH": "#2f9e62", "STALE": "#e2a016", "FAILED": "#d64545", "CONTRADICTED": "#b8323a",
          "MASKED": "#7b5cd6", "NOT_RUN": "#c46a2b", "NONE": "#9aa4af", "DEFERRED": "#4a8fd9"}
ORDER = ("FRESH", "STALE", "FAILED", "CONTRADICTED", "MASKED", "NOT_RUN", "NONE", "DEFERRED")
RUN_COLORS = {"masked": "#7b5cd6", "hidFailure": "#d64545", "noResult": "#9aa4af"}

CSS = """
:root{--ink:#1d2530;--muted:#5f6b78;--line:#e3e7ec;--bg:#f6f8fa}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
color:var(--ink);background:var(--bg)}main{max-width:1040px;margin:0 auto;padding:28px 24px 60px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:34px 0 10px}.sub{color:var(--muted);margin:0 0 22px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:14px}
.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:16px 18px}
.big{font-size:38px;font-weight:700;line-height:1.1}.card .what{color:var(--muted);font-size:13px}
.panel{background:#fff;border:1px solid var(--line);border-radius:10px;padding:16px 18px}
.legend{display:flex;flex-wrap:wrap;gap:14px;margin:6px 0 10px;font-size:13px;color:var(--muted)}
.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:7px 8px;border-bottom:1px solid var(--line)}
th{color:var(--muted);font-weight:600;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
td.num{text-align:right;font-variant-numeric:tabular-nums}.chip{display:inline-block;padding:1px 7px;border-radius:9px;
color:#fff;font-size:12px;font-weight:600}code{font:12.5px ui-monospace,Menlo,Consolas,monospace;background:#f0f2f5;
padding:1px 4px;border-radius:4px}.muted{color:var(--muted)}svg text{font-family:inherit}
footer{margin-top:36px;color:var(--muted);font-size:12px}
"""


def _legend(kinds):
    return '<div class="legend">%s</div>' % "".join(
        '<span><i style="background:%s"></i>%s</span>' % (COLORS[k], escape(CLAIM_LABELS[k][0])) for k in kinds)


def stacked_bars(rows, width=960, label_w=190):
    """Horizontal 100% bars: ``rows`` is a list of (label, {verdict: count})."""
    bar_h, gap = 26, 14
    height = len(rows) * (bar_h + gap) + 6
    parts = ['<svg class="chart" role="img" width="100%%" viewBox="0 0 %d %d" xmlns="http://www.w3.org/2000/svg">'
             % (width, height)]
    for index, (label, counts) in enumerate(rows):
        y = index * (bar_h + gap) + 4
        total = sum(counts.get(k, 0) for k in ORDER)
        if label_w:
            parts.append('<text x="0" y="%d" font-size="13" fill="#1d2530">%s</text>' % (y + 17, escape(label[:26])))
            parts.append('<text x="%d" y="%d" font-size="12" fill="#5f6b78" text-anchor="end">%d</text>'
                         % (label_w - 10, y + 17, total))
        x = float(label_w)
        span = width - label_w - 4
        if not total:
            parts.append('<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="#eef1f4"/>' % (label_w, y, span, bar_h))
            continue
        for kind in ORDER:
            value = counts.get(kind, 0)
            if not value:
                continue
            w = span * value / float(total)
            parts.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %d (%s)</title></rect>'
                         % (x, y, w, bar_h, COLORS[kind], CLAIM_LABELS[kind][0], value, percent(value / float(total))))
            if w > 34:
                parts.append('<text x="%.1f" y="%d" font-size="12" fill="#fff" text-anchor="middle">%s</text>'
                             % (x + w / 2, y + 17, percent(value / float(total))))
            x += w
    parts.append("</svg>")
    return "".join(parts)


def run_bars(rows, width=960):
    """Grouped bars of run rates (exit hidden, hid a failure, no result) per group."""
    label_w, bar_h, gap, inner = 190, 14, 16, 3
    keys = [key for key, _, _ in RUN_LABELS]
    height = len(rows) * (len(keys) * (bar_h + inner) + gap) + 6
    parts = ['<svg class="chart" role="img" width="100%%" viewBox="0 0 %d %d" xmlns="http://www.w3.org/2000/svg">'
             % (width, height)]
    y = 4
    span = width - label_w - 150
    for label, runs in rows:
        total = runs.get("total", 0)
        parts.append('<text x="0" y="%d" font-size="13" fill="#1d2530">%s</text>' % (y + 12, escape(label[:26])))
        parts.append('<text x="0" y="%d" font-size="11" fill="#5f6b78">%d runs</text>' % (y + 27, total))
        for key, name, _ in RUN_LABELS:
            rate = runs.get(key, 0) / float(total) if total else 0.0
            parts.append('<rect x="%d" y="%d" width="%d" height="%d" rx="3" fill="#eef1f4"/>' % (label_w, y, span, bar_h))
            parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" rx="3" fill="%s"><title>%s: %d of %d</title></rect>'
                         % (label_w, y, span * rate, bar_h, RUN_COLORS[key], name, runs.get(key, 0), total))
            parts.append('<text x="%d" y="%d" font-size="11" fill="#5f6b78">%s %s</text>'
                         % (label_w + span + 6, y + 11, percent(rate), escape(name)))
            y += bar_h + inner
        y += gap
    parts.append("</svg>")
    return "".join(parts)


def hider_bars(hiders, width=960):
    """What hid the exit status, most frequent first (counts of runs)."""
    if not hiders:
        return '<p class="muted">No verification run hid its exit status.</p>'
    label_w, bar_h, gap = 190, 18, 10
    top = max(count for _, count in hiders) or 1
    span = width - label_w - 70
    parts = ['<svg class="chart" role="img" width="100%%" viewBox="0 0 %d %d" xmlns="http://www.w3.org/2000/svg">'
             % (width, len(hiders) * (bar_h + gap) + 4)]
    for index, (kind, count) in enumerate(hiders):
        y = index * (bar_h + gap) + 2
        parts.append('<text x="0" y="%d" font-size="13" fill="#1d2530">%s</text>' % (y + 14, escape(_hider_name(kind))))
        parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" rx="3" fill="%s"><title>%s: %d runs</title></rect>'
                     % (label_w, y, max(span * count / float(top), 2), bar_h, RUN_COLORS["masked"], escape(kind), count))
        parts.append('<text x="%.1f" y="%d" font-size="12" fill="#5f6b78">%d</text>'
                     % (label_w + span * count / float(top) + 6, y + 14, count))
    parts.append("</svg>")
    return "".join(parts)


HIDER_NAMES = {"or-chain": "|| suffix", "semicolon": "; chain", "devnull:stdout": "stdout to /dev/null",
               "devnull:both": "all output to /dev/null", "redirect": "output redirected to a file",
               "negated": "leading !", "background": "sent to the background"}


def _hider_name(kind):
    if kind.startswith("pipe:"):
        return "piped into %s" % kind[5:]
    return HIDER_NAMES.get(kind, kind)


def weekly_columns(sessions, width=960, height=220):
    """Claims per week, stacked by verdict: is it getting better?"""
    from stalegreen.engine.clock import parse_ts

    weeks = {}
    for session in sessions:
        claims, _ = unique_claims(session)
        for entry in claims:
            seconds = parse_ts(entry.get("ts") or "")
            if seconds is None:
                continue
            week = time.strftime("%Y-%m-%d", time.gmtime(seconds - ((time.gmtime(seconds).tm_wday) * 86400)))
            bucket = weeks.setdefault(week, dict((k, 0) for k in ORDER))
            verdict = entry["record"].get("verdict")
            if verdict in bucket:
                bucket[verdict] += 1
    if not weeks:
        return '<p class="muted">No dated claims in this period.</p>'
    labels = sorted(weeks)[-26:]
    top = max(sum(weeks[w].values()) for w in labels) or 1
    top += top % 2                      # an even top keeps the middle grid line on a whole number
    left, bottom, plot_h = 40, 28, height - 40
    step = (width - left - 10) / float(len(labels))
    col = max(min(step * 0.7, 46), 4)
    parts = ['<svg class="chart" role="img" width="100%%" viewBox="0 0 %d %d" xmlns="http://www.w3.org/2000/svg">'
             % (width, height)]
    for tick in (0, 0.5, 1.0):
        y = 8 + plot_h * (1 - tick)
        parts.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e3e7ec"/>' % (left, width - 10, y, y))
        parts.append('<text x="%d" y="%.1f" font-size="11" fill="#5f6b78" text-anchor="end">%d</text>'
                     % (left - 6, y + 4, round(top * tick)))
    for index, week in enumerate(labels):
        x = left + index * step + (step - col) / 2
        y = 8 + plot_h
        for kind in ORDER:
            value = weeks[week][kind]
            if not value:
                continue
            h = plot_h * value / float(top)
            y -= h
            parts.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>week of %s: %d %s</title></rect>'
                         % (x, y, col, h, COLORS[kind], week, value, CLAIM_LABELS[kind][0]))
        if len(labels) <= 13 or index % 2 == 0:
            parts.append('<text x="%.1f" y="%d" font-size="10.5" fill="#5f6b78" text-anchor="middle">%s</text>'
                         % (x + col / 2, height - bottom + 22, week[5:]))
    parts.append("</svg>")
    return "".join(parts)


def _group_table(title, groups):
    if not groups:
        return ""
    rows = []
    for name, tally in sorted(groups.items(), key=lambda item: -item[1].total_claims - item[1].runs["total"]):
        rows.append("<tr><td>%s</td><td class=num>%d</td><td class=num>%d</td><td style=\"width:40%%\">%s</td>"
                    "<td class=num>%d</td><td class=num>%s</td></tr>" % (
                        escape(name), tally.sessions, tally.total_claims,
                        stacked_bars([("", tally.claims)], width=420, label_w=0),
                        tally.runs["total"], percent(tally.run_rate("masked"))))
    return ("<h2>%s</h2><div class=panel><table><tr><th>%s</th><th>sessions</th><th>claims</th><th>verdicts</th>"
            "<th>runs</th><th>exit hidden</th></tr>%s</table></div>" % (escape(title), escape(title.split()[-1]), "".join(rows)))


def _problem_list(collection, limit=30):
    rows = [row_json(s, e) for s, e in verdict_rows(collection, PROBLEMS)][:limit]
    if not rows:
        return '<p class="muted">No stale, failed or masked claims in this period.</p>'
    out = ["<table><tr><th>when</th><th>verdict</th><th>claim</th><th>evidence</th></tr>"]
    for row in rows:
        receipt = row["receipt"]
        evidence = "no run" if receipt is None else "<code>%s</code> %s%s" % (
            escape((receipt.get("cmd") or "")[:70]), escape(receipt.get("verdict") or ""),
            " masked" if receipt.get("masked") else "")
        if row["editsAfter"]:
            evidence += ' <span class="muted">+%d edits after</span>' % len(row["editsAfter"])
        out.append('<tr><td class="muted">%s</td><td><span class="chip" style="background:%s">%s</span></td>'
                   "<td>%s<br><span class=muted>%s \u00b7 %s</span></td><td>%s</td></tr>" % (
                       escape((row["ts"] or "")[:16].replace("T", " ")), COLORS.get(row["verdict"], "#999"),
                       escape(row["verdict"]), escape((row["text"] or "")[:90]), escape(row["harness"]),
                       escape(row["model"] or "unknown model"), evidence))
    out.append("</table>")
    return "".join(out)


def render(collection, overall, groups):
    """The whole page as one string."""
    claims = overall.total_claims
    cards = [
        (percent(overall.rate("STALE")), "of green claims were stale", "%d of %d: a passing run, then edits, no rerun"
         % (overall.claims["STALE"], claims)),
        (percent(overall.rate("FAILED") + overall.rate("MASKED")), "were failed or masked",
         "%d failed, %d masked" % (overall.claims["FAILED"], overall.claims["MASKED"])),
        (percent(overall.rate("FRESH")), "were backed by a fresh pass", "%d of %d claims" % (overall.claims["FRESH"], claims)),
        (percent(overall.run_rate("masked")), "of verification runs hid their exit",
         "%d of %d runs; %d hid a failure" % (overall.runs["masked"], overall.runs["total"], overall.runs["hidFailure"])),
    ]
    card_html = "".join('<div class="card"><div class="big">%s</div><div>%s</div><div class="what">%s</div></div>'
                        % (escape(a), escape(b), escape(c)) for a, b, c in cards)
    harness_rows = [("All sessions", overall.claims)] + [
        (name, tally.claims) for name, tally in sorted(groups["harness"].items())]
    run_rows = [("All sessions", overall.runs)] + [(name, tally.runs) for name, tally in sorted(groups["harness"].items())]
    body = [
        "<h1>stalegreen: how honest were the green claims?</h1>",
        '<p class="sub">%d sessions with tool calls since %s (%s), %d claims in %d sessions, %d verification runs. '
        "Read locally from the agents' own transcripts; generated %s.</p>" % (
            overall.sessions, escape(collection.since), escape(collection.harness), claims,
            overall.sessions_with_claims, overall.runs["total"], time.strftime("%Y-%m-%d %H:%M")),
        '<div class="cards">%s</div>' % card_html,
        "<h2>Green claims by verdict</h2><div class=panel>%s%s</div>" % (_legend(ORDER), stacked_bars(harness_rows)),
        "<h2>Claims per week</h2><div class=panel>%s%s</div>" % (_legend(ORDER), weekly_columns(collection.sessions)),
        "<h2>Verification runs that hid their result</h2><div class=panel>%s</div>" % run_bars(run_rows),
        "<h2>What hid the exit status</h2><div class=panel>%s</div>" % hider_bars(top_hiders(overall, 8)),
        _group_table("By model", groups["model"]),
        _group_table("By session kind", groups["kind"]),
        "<h2>Latest stale, failed and masked claims</h2><div class=panel>%s</div>" % _problem_list(collection),
        "<footer>fresh: a passing run and no edits since \u00b7 stale: a passing run, then edits, no rerun \u00b7 "
        "failed: the last matching run failed \u00b7 masked: the exit status was hidden and nothing readable was left "
        "\u00b7 no run: nothing matching ran in the session.</footer>",
    ]
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width,initial-scale=1"><title>stalegreen stats</title><style>%s</style></head>'
            "<body><main>%s</main></body></html>\n" % (CSS, "\n".join(body)))
