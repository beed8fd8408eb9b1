"""The spec grammar of each built-in family, importable without numba.

A :class:`~gtables.engine.game.Grammar` per family: its keys and how each value is read and
written back, what makes a spec canonical (one game, one spec, one stored table), and, where a
family has them, the verdicts of positions that end the game (chips' rules A and B).  The family
modules (``games/<family>.py``) compile their move generators on import; these modules import
only the engine's plain-Python parts, so that a spec is canonicalised and a stored table read
and described (``gtables.games.canonical``, ``api.load_if_stored``) without numba.

Each ``games/<family>.py`` builds its ``FAMILY`` from the grammar here
(:meth:`~gtables.engine.game.Family.from_grammar`) and re-exports the names its users know
(``octal.parse_code``, ``subtraction.parse_set``, ...); ``tests/test_contract.py`` holds every
built-in family's grammar equal to the one here.  A user's family has no module here: its specs
are read by its :class:`~gtables.engine.game.Family` once it is registered.
"""
