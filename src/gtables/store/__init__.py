"""The store of tables: a directory of immutable, self-describing HDF5 files (one per table),
published atomically and checked before anything in them is used.  See :mod:`.directory` for
the layout and its guarantees, :mod:`.tablefile` for one table's file, :mod:`.names` for file
names, :mod:`.legacy` for what ``gtables import`` reads.  The only package that imports h5py."""
from .directory import (
    DEFAULT_STORE,
    FRAME_COLUMNS,
    MARKER,
    NOTEBOOK_INSTALL,
    AlreadyStored,
    Prefix,
    Store,
    StoredTable,
    default_path,
    legacy_notice,
    notebook_module,
    repair_hint,
    sampled_import,
)
from .names import relname
from .tablefile import CHUNK, TABLE_SCHEMA, Damaged, checksum, chunk_digests

__all__ = ["AlreadyStored", "CHUNK", "DEFAULT_STORE", "Damaged", "FRAME_COLUMNS", "MARKER",
           "NOTEBOOK_INSTALL", "Prefix", "Store", "StoredTable", "TABLE_SCHEMA", "checksum",
           "chunk_digests", "default_path", "legacy_notice", "notebook_module", "relname",
           "repair_hint", "sampled_import"]
