"""Which segments of a command line are verification runs.

Everything that names a runner is data, in ``table``: ``TOOLS`` (first word -> runner spec, or
-> subcommand table, or -> a family reader for the few tools whose arguments are a language of
their own), ``WRAPPERS`` (prefixes stripped before looking at the command, in ``wrapper_table``), the script-name and
make-target tables, and the not-a-run flag tables; a runner spec also names the output formats
it prints, whose rows are data in ``formats`` (read only by ``engine/outputs`` and
``engine/attribution``). The code only walks argv lists through them: ``argv`` (helpers),
``wrappers`` (``strip_wrappers``), ``families`` (family readers and ``classify``), ``walk``
(``find_runs``, returning ``records.Run``); ``hiding`` holds the checkers' own flags that hide
their result (``--exit-zero``, ``-o report.json``), read by ``engine/masking``. Callers use the
names re-exported here.
"""

from stalegreen.engine.catalog.families import classify
from stalegreen.engine.catalog.table import CATEGORIES, TOOLS
from stalegreen.engine.catalog.tasks import BUILD_SYSTEMS, PROSE_TASKS
from stalegreen.engine.catalog.walk import Run, find_runs
from stalegreen.engine.catalog.wrapper_table import WRAPPERS
from stalegreen.engine.catalog.wrappers import strip_wrappers

__all__ = ("BUILD_SYSTEMS", "CATEGORIES", "PROSE_TASKS", "TOOLS", "WRAPPERS", "Run", "classify", "find_runs",
           "strip_wrappers")
