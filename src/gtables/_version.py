"""The version of gtables, written here and nowhere else: ``pyproject.toml`` reads it
(``dynamic = ["version"]``, setuptools ``attr:``, parsed without importing the package), and
``gtables.__version__``, ``gtables --version`` and the ``versions`` attribute of every stored table
import it.  ``tests/test_packaging.py`` checks that a built wheel carries the same number."""
__version__ = "0.1.0"
