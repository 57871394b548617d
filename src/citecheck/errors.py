"""The one error hierarchy: every error citecheck raises on purpose derives from `CitecheckError`.

    CitecheckError
    ├── InputError               an input cannot be read; names file and line/entry (extract/errors.py)
    ├── ThresholdsError          a thresholds file is missing or invalid            (decide.py)
    ├── IndexOpenError           the local index is missing, corrupt or not an index (index/search.py)
    │   └── IndexDamagedError    ... a damaged page or row found during a run: a RunFatalError too
    ├── RunFatalError            ends the whole run, never one citation's verdict    (checker.py re-raises)
    ├── SourceError              a source could not answer                          (sources/base.py)
    │   ├── SourceSkipped        ... it was deliberately not asked (offline, no key)
    │   ├── ServerError, MalformedResponseError, RequestRejectedError  (sources/errors.py)
    ├── DatasetError             a benchmark dataset file is invalid                (bench/dataset.py)
    └── BenchmarkError           a benchmark cannot be built                        (bench/generate.py)

Each class lives with the stage that raises it; catch `CitecheckError` to handle everything the
tool reports as a failure. Anything else is a bug and is allowed to surface — which is also why
the package never guards an import of its own modules.
"""

from __future__ import annotations


class CitecheckError(Exception):
    """Root of every error citecheck raises deliberately."""


class RunFatalError(CitecheckError):
    """A failure that invalidates every verdict still to come (a damaged index found mid-run):
    the checker lets it end the run instead of turning citations into ERROR or UNVERIFIED."""
