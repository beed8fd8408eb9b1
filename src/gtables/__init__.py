"""gtables: Grundy-value and outcome tables of combinatorial games.

The public Python API (see README.md):

    import gtables
    t = gtables.compute("octal:code=0.07,size=1000")   # computes, stores, returns a Table
    t.value(7), t.outcome(7), t.values                 # one position, or the numpy array
    store = gtables.open_store()                       # results/tables or $GTABLES_STORE
    store.get("octal:code=0.07,size=1000").load()      # the stored values, verified

Importing the package is cheap; numba kernels are compiled (or loaded from cache) on first use.
"""
from . import config as _config  # noqa: F401  (sets the numba cache directory before numba loads)
from ._version import __version__
from .errors import GtablesError

_LAZY = {
    "compute": "api", "load": "api", "game": "api", "open_store": "api", "Table": "api",
    "register_family": "api", "heap_game": "api", "define_game": "api", "solve": "api",
    "check_game": "api",
    "export_tables": "api", "import_tables": "api", "check_store": "api",
    "verify_claims": "reproduce",
    "quotient": "quotients", "load_quotient": "quotients",
    "movegen": "engine.kernels", "TERMINAL_LOSS": "engine.kernels", "TERMINAL_WIN": "engine.kernels",
    "Family": "engine.game", "Game": "engine.game", "Param": "engine.game",
    "Claim": "verify.claims", "Verdict": "verify.claims",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib
        mod = importlib.import_module("." + _LAZY[name], __name__)
        return getattr(mod, name)
    raise AttributeError(name)


__all__ = ["__version__", "GtablesError", *_LAZY]
