"""What the store's guarantees cost: gtables' verified, journaled, locked write and read of one
table against a plain h5py write and read of the same array with the same filters (gzip 4,
shuffle, fletcher32, 2^20-element chunks), measured in the same run.

    python scripts/bench_store.py [--log2 25] [--small 50]

Prints seconds and the ratio gtables / plain h5py for: writing the table, loading it whole, and
one lookup (open + read one position); and the time to store --small small tables one after
another (each a full transaction: lock, journal, fsyncs)."""
from __future__ import annotations

import argparse
import os
import tempfile
import time

import h5py
import numpy as np

from gtables.store import CHUNK, Store


def best(f, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log2", type=int, default=25, help="table of 2^N uint8 values (default 25)")
    ap.add_argument("--small", type=int, default=50, help="small tables stored one by one")
    a = ap.parse_args(argv)
    n = 1 << a.log2
    values = np.random.default_rng(0).integers(0, 40, n).astype(np.uint8)
    spec = f"nim:heaps=1,size={n - 1}"
    with tempfile.TemporaryDirectory() as d:
        plain = os.path.join(d, "plain.h5")

        def plain_write():
            with h5py.File(plain, "w") as f:
                f.create_dataset("x", data=values, chunks=(min(CHUNK, n),), compression="gzip",
                                 compression_opts=4, shuffle=False, fletcher32=True)

        def ours_write():
            p = os.path.join(d, "ours.h5")
            for x in (p, p + ".lock"):
                if os.path.exists(x):
                    os.remove(x)
            Store(p).write(spec, values, {"shape": [n]})

        def plain_load():
            with h5py.File(plain, "r") as f:
                f["x"][:]

        store = Store(os.path.join(d, "ours.h5"))

        def plain_lookup():
            with h5py.File(plain, "r") as f:
                int(f["x"][n // 3])

        rows = [("write", best(plain_write), best(ours_write)),
                ("load whole (verified)", best(plain_load), best(lambda: store.get(spec).load())),
                ("one lookup (open + read)", best(plain_lookup, 5),
                 best(lambda: store.get(spec).read(np.array([n // 3])), 5))]
        small = Store(os.path.join(d, "small.h5"))
        t = time.perf_counter()
        for k in range(a.small):
            small.write(f"nim:heaps=1,size={k}", np.arange(k + 1, dtype=np.uint8),
                        {"shape": [k + 1]})
        per = (time.perf_counter() - t) / max(1, a.small)
    print(f"table: 2^{a.log2} uint8 values; load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} CPUs")
    print(f"{'operation':<28}{'plain h5py s':>14}{'gtables s':>12}{'ratio':>8}")
    for name, p, o in rows:
        print(f"{name:<28}{p:>14.3f}{o:>12.3f}{o / p:>8.2f}")
    print(f"small tables stored one by one: {per * 1000:.1f} ms each ({a.small} tables)")


if __name__ == "__main__":
    main()
