"""What to run instead of a line that hid its result: the run's own segment, unmasked.

Shared by the strict-mode deny text (before the run) and the masked receipt (after it).
"""

HIDING_REDIRECTS = (">", ">>", ">|", "&>", "&>>")


def rerun_text(parse, run):
    """The run's own segment without the redirects that hid its output: what to run instead."""
    try:
        segment = parse.segments[run.segment_index]
    except (IndexError, TypeError):
        return run.text
    if run.nested:
        return _nested_rerun(segment, run) or run.text
    launched = _code_launcher(segment)
    if launched and run.words:
        # `python -c "pytest.main([...])"`, `node -e "execSync('npm test')"`: the command itself
        from stalegreen.engine import shell

        return " ".join(shell.quote(w) for w in run.words)
    text = parse.text
    cuts = sorted([(r.start, r.end) for r in segment.redirects
                   if r.op in HIDING_REDIRECTS and r.fd in (None, 1) and r.end > r.start] + _flag_spans(segment, run))
    pieces, position = [], segment.start
    for start, end in cuts:
        if start < position or end > segment.end:
            return run.text
        pieces.append(text[position:start])
        position = end
    pieces.append(text[position:segment.end])
    return " ".join("".join(pieces).split()) or run.text


def _flag_spans(segment, run):
    """The spans of the run's own flags that hide its result (``--exit-zero``, ``-o report.json``):
    the rerun leaves them out, so its exit status and its findings reach the agent."""
    from stalegreen.engine.catalog.hiding import hiding_flags

    argv = list(run.words or segment.words)
    offset = len(segment.words) - len(argv)
    if offset < 0 or segment.words[offset:] != argv or len(segment.word_spans) != len(segment.words):
        return []
    return [(segment.word_spans[offset + i][0], segment.word_spans[offset + i + n - 1][1])
            for i, n, _reason in hiding_flags(argv)]


def _code_launcher(segment):
    from stalegreen.engine.catalog.wrappers import segment_launcher

    launched = segment_launcher(segment)
    return launched if launched and launched[0] in ("python", "node") else None


def _nested_rerun(segment, run):
    """The rerun of a run inside ``bash -c '...'`` (``env ... sh -c``, ``sudo bash -lc``): the
    inner run unmasked, with the ``cd`` it needed, not the masked outer line again."""
    from stalegreen.engine import catalog, shell

    script = catalog.strip_wrappers(segment.words)["script"]
    if script is None:
        return None
    inner = shell.parse(script)
    for inner_run in catalog.find_runs(inner, None, None):
        if inner_run.words == run.words and inner_run.runner == run.runner:
            text = rerun_text(inner, inner_run)
            return "cd %s && %s" % (inner_run.cd, text) if inner_run.cd else text
    return None
