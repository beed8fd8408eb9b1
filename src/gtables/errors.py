"""The one exception type users see.

Everything that is the user's fault (a malformed spec, a position off the table, a store that is
not HDF5, a table too big for memory) raises :class:`GtablesError` with a one-line message; the CLI
prints it and exits with status 2.  Anything else is a bug and keeps its traceback.
"""


class GtablesError(Exception):
    """A user-facing error: the message is one line that names the problem."""


class NotEnoughMemory(GtablesError):
    """Refused for want of memory (the machine's, or an address-space limit such as
    ``ulimit -v``): a fact about this run, never about a table (``check`` says "not enough
    memory to check", exit status 2, and never calls a table damaged for it)."""


def warn(message: str) -> None:
    """Tell the user something went wrong that did not stop the work (one line on stderr)."""
    import sys
    print(f"gtables: warning: {message}", file=sys.stderr, flush=True)
