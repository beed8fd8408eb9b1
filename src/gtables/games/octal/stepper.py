"""Drives the octal kernels over a growing table (:class:`OctalStepper`): the serial naive and
sparse kernels of :mod:`.kernels`, and the block kernel of :mod:`.blocks` on several
threads when it pays; owns their scratch arrays and the sparse method's mask."""
from __future__ import annotations

import time

import numba as nb
import numpy as np

from ...engine.status import BASE, DONE, SCRATCH_FULL, decode
from ...errors import GtablesError
from . import blocks as octal_blocks
from . import pipeline as octal_pipeline
from . import plain as octal_plain
from . import scan as octal_scan
from .kernels import (
    S_BITS,
    S_MASK,
    S_NRARE,
    S_PB,
    S_Q0,
    bits_for,
    max_value,
    move_arrays,
    naive_range,
    pack_rare,
    rare_count_by_mask,
    rare_heaps,
    sparse_range,
)


def _threads() -> int:
    return int(nb.get_num_threads())


ALGORITHMS = ("auto", "naive", "sparse")
WHOLE = 1 << 62              # "plen" of a whole table: every heap is where it belongs
EXPLORE = 8                  # every 8th call the slower of the two sparse kernels runs, timed
PIPELINE_QUIET = 1 << 16     # heaps past the last rare heap before the pipeline takes over
SERIAL_STRETCH = 64         # heaps the serial kernel takes where the pipeline stops
# The pipeline against the serial kernel on a busy machine (pipeline.py, "Two threads pay only
# when both get a core"): the serial kernel's pace is measured on stretches of PACE_HEAPS heaps,
# before the pipeline first runs and again after every REFRESH_HEAPS heaps of it (the fastest
# of the last PACE_KEEP measurements counts); where the
# pipeline gives way, the serial kernel runs RETRY_MIN heaps before the pipeline is tried again,
# twice as many after each try that gave way in its first window, at most RETRY_MAX (Officers:
# about 2 us a heap on one thread, so 0.06 s, 4 s, 0.5 s and 4 s)
PACE_HEAPS = 1 << 15
PACE_KEEP = 4
REFRESH_HEAPS = 1 << 21
RETRY_MIN = 1 << 18
RETRY_MAX = 1 << 21
BLOCKS_FROM = 4096           # the block kernel starts at this heap (a mask is chosen by then)
AUTO_NAIVE_FRACTION = 0.25   # auto: leave the sparse method when more heaps than this are rare
RECHOOSE_FROM = 64           # re-choose the mask when n reaches a power of two >= this


class OctalStepper:
    """Drives :func:`naive_range` / :func:`sparse_range` over a growing table: owns the mark
    arrays, the rare list and the mask, grows them on request, and re-chooses the mask at powers
    of two.  ``run(table, lo, hi)`` returns ``DONE`` or an overflow status (the engine widens the
    table and calls again from that heap)."""

    def __init__(self, ds: list[int], algorithm: str = "auto", scan: bool = True):
        self.ds = list(ds)
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}")
        self.whole, self.take, self.split, self.unequal, self.three = move_arrays(ds)
        if self.three.size and algorithm == "sparse":
            raise GtablesError("--algorithm sparse: the sparse-space method does not cover splits "
                               "into three heaps (hexadecimal digits 8-F); use naive or auto")
        same = bool(np.all((self.split - self.split[0]) % 2 == 0)) if self.split.size else False
        self.allow_pb = same
        self.auto = algorithm == "auto"   # only auto may leave the sparse method
        if algorithm == "auto" or not self.split.size:
            # without splits both methods are the same linear recurrence; three-heap splits
            # have the naive kernel only
            algorithm = "sparse" if self.split.size and not self.three.size else "naive"
        self.algorithm = algorithm
        self.switched_at = None      # auto: heap where the sparse method gave way to naive
        self.state = np.zeros(5, dtype=np.int64)
        self.state[S_Q0] = int(self.split[0]) if self.split.size else 0
        self.state[S_BITS] = 1
        self.mark = np.zeros(4, dtype=np.int64)
        self.want = np.zeros(4, dtype=np.int64)
        self.cls = np.zeros(4, dtype=np.int64)
        self.rare = np.zeros(1024, dtype=np.int64)
        self.rpack = np.zeros(1024, dtype=np.int64)   # the same, packed with their values
        # naive work goes to the faster, multi-threaded octal_scan kernel (the same values);
        # scan=False keeps the serial reference naive_range, which the tests compare it with
        self.scan = octal_scan.NaiveScan(self.whole, self.take, self.split, self.unequal) \
            if scan and self.split.size and not self.three.size else None
        self.tv = np.zeros(0, dtype=np.int64)     # blocks: the values of the rare heaps
        self.block_mark = np.zeros(0, dtype=np.uint8)
        self.block_counts = np.zeros(2, dtype=np.int64)
        self.threads = _threads()
        self.blocks_from = BLOCKS_FROM     # tests lower these two to exercise the block kernel
        self.min_rare = octal_blocks.MIN_RARE
        self.blocks_used = False
        self.calls = 0
        self.scan_window = octal_blocks.WINDOW
        self.choose = "timed"              # or "blocks" / "serial" (tests, benchmarks)
        self.seconds_per_heap: list[float | None] = [None, None]   # blocks, serial
        self.p_marks = np.zeros((2, 0), dtype=np.int64)      # the pipeline's two slots
        self.p_wants = np.zeros((2, 0), dtype=np.int64)
        self.p_wstarts = np.zeros((2, 0), dtype=np.int64)   # (made on first use: 32 MiB)
        self.p_wvals = np.zeros((2, 0), dtype=np.int64)
        # the pipeline's rounds, speculations undone, heaps the speculator verified and the
        # wrong speculations it found there (pipeline.pipeline_range)
        self.pipeline_counts = np.zeros(4, dtype=np.int64)
        # its pace (cycles and heaps of its timed rounds, times it gave way) and the serial
        # kernel's where it stands in (cycles, heaps): _run_pipeline
        self.pace = np.zeros(3, dtype=np.int64)
        self.serial_pace = np.zeros(2, dtype=np.int64)
        self._pace_acc = np.zeros(2, dtype=np.int64)     # a measurement under way
        self._paces: list[float] = []                     # the last PACE_KEEP measurements
        # "timed": the pipeline gives way to the serial kernel when its pace is slower;
        # "never": it does not; "always": after every window (tests: switching back and forth)
        self.fallback = "timed"
        self.serial_cph: float | None = None   # the serial kernel's cycles a heap, lately
        self.serial_left = 0                   # heaps the serial kernel takes before a retry
        self.retry = RETRY_MIN
        self.since_pace = 0                    # pipeline heaps since the serial pace was taken
        self.switches: list[tuple[int, str]] = []   # (heap, "serial" | "pipeline"), in order

    @property
    def name(self) -> str:
        if self.switched_at is not None:
            return f"sparse, then naive from heap {self.switched_at}"
        return self.algorithm

    def estimate(self, lo: int, hi: int):
        """The cost model of the kernel this stepper runs now, for heaps ``lo..hi-1`` (an
        :class:`gtables.engine.cost.Estimate`): the naive kernels read every pair ``a + b = n - k``
        of a two-heap split (about ``(n - k) / 2`` a heap; the scan kernel on every thread) and
        walk every triple of a split into three (about ``(n - k)^2 / 12`` a heap, one thread);
        the sparse-space method costs about a constant per heap while its rare heaps stay few (a
        lower bound: auto leaves it for the naive kernel when they do not, and the estimate of
        the heaps left then follows the naive model)."""
        from ...engine.cost import RATES, Estimate, estimate_of
        lo, hi = max(0, lo), max(0, hi)
        heaps = max(0, hi - lo)
        if self.algorithm == "sparse" or not (self.split.size or self.three.size):
            return estimate_of(heaps, "heaps", f"{heaps:,} heaps, about a constant time each")

        def pairs(r: int) -> float:          # sum of r'/2 over 0 <= r' < r
            return max(0, r) * max(0, r - 1) / 4

        def triples(r: int) -> float:        # sum of r'^2/12 over 0 <= r' < r
            r = max(0, r)
            return (r - 1) * r * (2 * r - 1) / 72 if r else 0.0
        p = sum(pairs(hi - int(k)) - pairs(lo - int(k)) for k in self.split)
        t = sum(triples(hi - int(k)) - triples(lo - int(k)) for k in self.three)
        threads = self.threads if self.scan is not None else 1
        seconds = p / (RATES["pairs"] * threads) + t / RATES["triples"]
        if t:
            model = "the naive mex over every split into three heaps, about n^2/12 at heap n"
            return Estimate(seconds=seconds, work=p + t, unit="triples", rate=(p + t) / seconds,
                            model=model)
        model = "the naive mex over every split into two heaps, about n/2 at heap n"
        return Estimate(seconds=seconds, work=p, unit="pairs", rate=p / seconds if seconds else
                        RATES["pairs"] * threads, model=model)

    def _use_blocks(self, lo: int) -> bool:
        """The block kernel pays with two threads or more, once the rare list is long."""
        return (self.threads >= 2 and lo >= self.blocks_from
                and int(self.state[S_NRARE]) >= self.min_rare)

    # -- bounded memory: a full prefix plus a window of recent values (engine.bounded) --------

    def start_window(self, table: np.ndarray, plen: int) -> None:
        """Get ready to go on past the full prefix ``table[:plen]`` (already prepared
        or computed by :meth:`run`) with :meth:`run_window`.  The mask stays the one chosen by
        then; the rare heaps' values are taken from the prefix now."""
        if self.algorithm != "sparse" or not self.split.size:
            raise GtablesError("bounded memory needs the sparse-space method (a game whose rare "
                               "heaps stay rare); this game runs the naive kernel here"
                               + (f" (from heap {self.switched_at})" if self.switched_at else ""))
        nr = int(self.state[S_NRARE])
        if self.tv.size < self.rare.size:
            self.tv = np.zeros(self.rare.size, dtype=np.int64)
        self.tv[:nr] = table[self.rare[:nr]]

    def prepare_bits(self, largest: int) -> None:
        """A value as large as ``largest`` was seen (a resumed bounded run): size the scratch."""
        if largest >= (1 << int(self.state[S_BITS])):
            self.state[S_BITS] = bits_for(largest)
            self._grow_marks()

    def run_window(self, buf: np.ndarray, lo: int, hi: int, off: int, plen: int) -> int:
        """Heaps ``lo..hi-1`` into the bounded layout (``buf[:plen]`` = heaps ``0..plen-1``,
        heap ``h >= plen + off`` at ``buf[h - off]``; see :func:`.blocks.block_near`).
        Returns ``DONE``, ``OVERFLOW`` (widen ``buf``), ``NEW_RARE`` or ``WINDOW_SHORT``."""
        vmax = int(np.iinfo(buf.dtype).max)
        while lo < hi:
            if self._pipeline_fits(bounded=True) and self._pipeline_now(lo):
                st = self._run_pipeline(buf, lo, hi, vmax, off, plen)
            else:
                # all threads or one: whichever has been faster (the same values)
                parallel = self.threads >= 2 and self._blocks_pay()
                t0 = time.perf_counter()
                st = self._run_blocks(buf, lo, hi, vmax, off, plen, parts=0 if parallel else 1)
                if self.threads >= 2:
                    self._timed(parallel, (hi if st == DONE else decode(st).pos) - lo,
                                time.perf_counter() - t0)
            if st == DONE:
                return DONE
            stop = decode(st)
            if stop.code != SCRATCH_FULL:
                return st
            if (2 << int(self.state[S_BITS])) > self.mark.size:
                self._grow_marks()
            if int(self.state[S_NRARE]) + octal_blocks.MAX_ROWS > self.rare.size:
                self._grow_rare()
            lo = stop.pos
        return DONE

    def _packed(self, table: np.ndarray) -> np.ndarray:
        """The rare heaps packed with their values (:func:`.kernels.pack_rare`), for the serial
        kernel and the pipeline, made afresh from ``rare`` (the block kernel adds rare heaps to
        ``rare`` alone).  Rare heaps are read at ``table[h]`` in the bounded layout too (they
        are all in its prefix)."""
        nr = int(self.state[S_NRARE])
        if self.rpack.size != self.rare.size:
            self.rpack = np.zeros(self.rare.size, dtype=np.int64)
        heaps = self.rare[:nr]
        self.rpack[:nr] = pack_rare(heaps, table[heaps])
        return self.rpack

    def _grow_rare(self) -> None:
        grown = np.zeros(2 * self.rare.size, dtype=np.int64)
        grown[:self.rare.size] = self.rare
        self.rare = grown
        tv = np.zeros(self.rare.size, dtype=np.int64)
        tv[:self.tv.size] = self.tv
        self.tv = tv

    def _blocks_pay(self) -> bool:
        """Whether the block kernel is the faster one now, by the time per heap each took on
        recent calls (both give the same values).  Every ``EXPLORE``-th call runs the other one,
        so a change (the machine got busy, a longer rare list) is noticed."""
        if self.choose != "timed":
            return self.choose in ("blocks", "pipeline")
        self.calls += 1
        b, s = self.seconds_per_heap
        if b is None or s is None:
            return s is not None            # one call of each first: serial, then blocks
        faster = b <= s
        return (not faster) if self.calls % EXPLORE == 0 else faster

    def _timed(self, blocks: bool, heaps: int, seconds: float) -> None:
        if heaps < 256:
            return
        i = 0 if blocks else 1
        old = self.seconds_per_heap[i]
        new = seconds / heaps
        self.seconds_per_heap[i] = new if old is None else 0.5 * (old + new)

    def _pipeline_fits(self, bounded: bool = False) -> bool:
        """The two-thread pipeline (:mod:`.pipeline`) takes games with one split amount, and
        with several on a whole table (``bounded``: the bounded layout, one amount only);
        ``choose="blocks"`` keeps the block kernel (tests, benchmarks)."""
        return (self.split.size == 1 or (self.split.size > 1 and not bounded)) and \
            self.choose in ("timed", "pipeline")

    def _sparse_kernel(self, lo: int) -> str:
        """The sparse kernel :meth:`run` takes from heap ``lo``: ``"pipeline"``, ``"blocks"``
        or ``"serial"`` (the same values each way).  ``choose="timed"``: the pipeline once rare
        heaps stop coming (:meth:`_pipeline_now`); before that one split amount runs the serial
        kernel, several the faster of it and the block kernel (:meth:`_blocks_pay`).  Otherwise
        the block kernel where it pays, or the pipeline in its place when ``choose="pipeline"``."""
        timed = self.choose == "timed"
        if self._pipeline_fits() and timed:
            if self._pipeline_now(lo):
                return "pipeline"
            if self.split.size == 1:
                return "serial"
        if not (self._use_blocks(lo) and self._blocks_pay()):
            return "serial"
        return "pipeline" if self._pipeline_fits() and not timed else "blocks"

    def _pipeline_now(self, lo: int) -> bool:
        """For a game the pipeline fits (:meth:`_pipeline_fits`): run it from heap ``lo``?
        ``choose="pipeline"`` always (on two threads or more); ``"timed"`` once the rare heaps
        have stopped coming (each new one undoes a chunk of speculation) for
        ``PIPELINE_QUIET`` heaps.  Not timed against the serial kernel: its early calls, where
        rare heaps still come, would condemn it for good."""
        if self.threads < 2 or lo < self.blocks_from:
            return False
        if self.choose == "pipeline":
            return True
        nr = int(self.state[S_NRARE])
        last = int(self.rare[nr - 1]) if nr else 0
        return lo - last >= PIPELINE_QUIET

    def _run_pipeline(self, table: np.ndarray, lo: int, hi: int, vmax: int, off: int = 0,
                      plen: int = WHOLE) -> int:
        """Heaps ``lo..hi-1`` by speculation on one thread and verification on the other; where
        a speculation fails or the speculator stops, the serial kernel takes ``SERIAL_STRETCH``
        heaps (storing a new rare heap, growing the bit size) and the pipeline goes on.  With
        ``off``/``plen`` (the bounded layout, :meth:`run_window`) the serial kernel is the block
        kernel on one thread, which stops with ``NEW_RARE`` or ``WINDOW_SHORT`` as it must.

        On a busy machine (``fallback="timed"``, what ``choose="timed"`` runs): the serial
        kernel's pace is measured (:data:`PACE_HEAPS` heaps, again every
        :data:`REFRESH_HEAPS` heaps of the pipeline) and given to the pipeline as its limit;
        where the pipeline is slower it gives way, and the serial kernel runs ``retry`` heaps
        (:data:`RETRY_MIN`, doubled up to :data:`RETRY_MAX` while tries fail at once) before
        the pipeline is tried again.  The same values every way."""
        lowest = 0 if off == 0 else plen + off       # as in blocks.block_near
        alim = plen if off > 0 else WHOLE
        size = self.mark.size
        if self.p_marks.shape[1] != size:
            self.p_marks = np.zeros((2, size), dtype=np.int64)
            self.p_wants = np.zeros((2, size), dtype=np.int64)
        if self.p_wvals.shape[1] != octal_pipeline.CHUNK * octal_pipeline.WANT_CAP:
            self.p_wstarts = np.zeros((2, octal_pipeline.CHUNK + 1), dtype=np.int64)
            self.p_wvals = np.zeros((2, octal_pipeline.CHUNK * octal_pipeline.WANT_CAP),
                                    dtype=np.int64)
        self.blocks_used = True
        fallback = self.fallback if self.choose == "timed" else "never"
        while lo < hi:
            if fallback != "never" and (self.serial_left > 0 or self.serial_cph is None
                                        or self.since_pace >= REFRESH_HEAPS):
                # the serial kernel: standing in for the pipeline, or timed for its pace
                want = self.serial_left if self.serial_left > 0 else PACE_HEAPS
                stop = min(hi, lo + want)
                st = self._serial_timed(table, lo, stop, vmax, off, plen)
                done = stop if st == DONE else decode(st).pos
                self.serial_left = max(0, self.serial_left - (done - lo))
                self.since_pace = 0
                if st != DONE:
                    return st
                lo = stop
                if self.mark.size != self.p_marks.shape[1]:
                    return lo * BASE + SCRATCH_FULL if lo < hi else DONE
                continue
            # stamps are heap numbers: a heap speculated again after a failed speculation must
            # not meet the marks of its first try
            self.p_marks.fill(0)
            self.p_wants.fill(0)
            limit = 0.0
            if fallback == "always":
                limit = 1e-9
            elif fallback == "timed" and self.serial_cph is not None:
                limit = self.serial_cph
            end = hi if fallback == "never" else min(hi, lo + REFRESH_HEAPS - self.since_pace)
            gave, rounds = int(self.pace[octal_pipeline.P_GAVE_WAY]), int(self.pipeline_counts[0])
            if not self.switches or self.switches[-1][1] != "pipeline":
                self.switches.append((lo, "pipeline"))
            p = octal_pipeline.pipeline_range(
                self.whole, self.take, self.split, self.unequal, lo, end, table, vmax,
                self.state, self._packed(table), self.cls, self.p_marks, self.p_wants,
                self.p_wstarts, self.p_wvals, octal_pipeline.CHUNK, self.pipeline_counts, off,
                alim, lowest, octal_pipeline.SHARE, limit, octal_pipeline.WINDOW, self.pace)
            self.since_pace += p - lo
            if int(self.pace[octal_pipeline.P_GAVE_WAY]) > gave:
                # slower than the serial kernel: it stands in for a while, longer each time
                # the pipeline gives way within its first window
                at_once = int(self.pipeline_counts[0]) - rounds <= octal_pipeline.WINDOW
                self.retry = min(2 * self.retry, RETRY_MAX) if at_once else RETRY_MIN
                self.serial_left = self.retry
                self.switches.append((p, "serial"))
                lo = p
                continue
            if p >= hi:
                return DONE
            if p >= end:            # a stretch ended (the serial pace is due): go on
                lo = p
                continue
            if int(self.state[S_NRARE]) == self.rare.size:
                return p * BASE + SCRATCH_FULL
            stop = min(hi, p + SERIAL_STRETCH)
            st = self._serial(table, p, stop, vmax, off, plen)
            if st != DONE:
                return st
            lo = stop
            if self.mark.size != self.p_marks.shape[1]:
                return lo * BASE + SCRATCH_FULL if lo < hi else DONE
        return DONE

    def _serial(self, table: np.ndarray, lo: int, hi: int, vmax: int, off: int,
                plen: int) -> int:
        """The serial sparse kernel on heaps ``lo..hi-1`` (the bounded layout: the block kernel
        on one thread)."""
        if plen == WHOLE:
            return sparse_range(self.whole, self.take, self.split, self.unequal, lo, hi,
                                table, vmax, self.state, self.rare, self._packed(table),
                                self.mark, self.want, self.cls)
        return self._run_blocks(table, lo, hi, vmax, off, plen, parts=1)

    def _serial_timed(self, table: np.ndarray, lo: int, hi: int, vmax: int, off: int,
                      plen: int) -> int:
        """:meth:`_serial`, its pace (cycles a heap, the pipeline's units) kept in
        ``serial_cph``: each measurement over at least ``PACE_HEAPS / 2`` heaps (short stretches,
        cut by a table's end or a new bit size, are added up); the pace is the fastest of the
        last :data:`PACE_KEEP` measurements, since another process only ever slows a stretch
        (a stretch that started on the busy core made the pipeline look fast enough: Officers
        2^23 with a busy loop pinned to one core, the pipeline kept 2/3 of the heaps and took
        47 s against 41 s on one thread)."""
        c0 = octal_pipeline.clock()
        st = self._serial(table, lo, hi, vmax, off, plen)
        cyc = octal_pipeline.clock() - c0
        heaps = (hi if st == DONE else decode(st).pos) - lo
        self.serial_pace += (cyc, heaps)
        self._pace_acc += (cyc, heaps)
        if self._pace_acc[1] >= max(1, PACE_HEAPS // 2):
            self._paces = (self._paces + [self._pace_acc[0] / self._pace_acc[1]])[-PACE_KEEP:]
            self.serial_cph = min(self._paces)
            self._pace_acc[:] = 0
        return st

    def _run_blocks(self, table: np.ndarray, lo: int, hi: int, vmax: int, off: int = 0,
                    plen: int = WHOLE, parts: int = 0) -> int:
        nr = int(self.state[S_NRARE])
        if plen == WHOLE:
            if self.tv.size < self.rare.size:
                self.tv = np.zeros(self.rare.size, dtype=np.int64)
            self.tv[:nr] = table[self.rare[:nr]]      # (bounded: kept from the prefix)
        w = 1 << int(self.state[S_BITS])
        parts = parts or self.threads
        rows = octal_blocks.block_rows(w, parts)
        if self.block_mark.size < rows * w:
            self.block_mark = np.zeros(rows * w, dtype=np.uint8)
        self.blocks_used = True
        before = int(self.block_counts[0])
        st = octal_blocks.sparse_blocks(
            self.whole, self.take, self.split, self.unequal, lo, hi, table, off, plen, vmax,
            self.state, self.rare, self.tv, self.block_mark, self.cls, self.want, rows,
            parts, self.scan_window, self.block_counts)
        # the scan stretch phase A does for every heap: as long as most heaps need it
        heaps = (hi if st == DONE else decode(st).pos) - lo
        if heaps >= 1024:
            tail = (int(self.block_counts[0]) - before) / heaps
            if tail > 0.2:
                self.scan_window = min(2 * max(self.scan_window, 512), octal_blocks.MAX_WINDOW)
            elif tail < 0.02:
                self.scan_window //= 2
        return st

    def stats(self) -> dict:
        """``rare_heaps`` (how many) and ``last_rare`` (the largest) count the rare heaps among
        ``1..n-1`` for the final mask, ``n`` = the last heap computed + 1; ``None`` when the
        run ended in the naive kernel or the plain path, which keep no rare list."""
        nrare = int(self.state[S_NRARE]) if self.algorithm == "sparse" else None
        return {"algorithm": self.name, "mask": int(self.state[S_MASK]), "parity_bit": int(self.state[S_PB]),
                "rare_heaps": nrare, "last_rare": int(self.rare[nrare - 1]) if nrare else None,
                "threads": self.threads if self.blocks_used else 1}

    def _grow_marks(self) -> None:
        size = 2 << int(self.state[S_BITS])
        if size > self.mark.size:
            self.mark = np.zeros(size, dtype=np.int64)
            self.want = np.zeros(size, dtype=np.int64)
        if self.scan is not None:
            self.scan.grow(size)
        self._set_classes()

    def _set_classes(self) -> None:
        v = np.arange(self.mark.size, dtype=np.int64) & int(self.state[S_MASK])
        c = np.zeros(v.size, dtype=np.int64)
        while v.any():
            c ^= v & 1
            v >>= 1
        self.cls = c

    def prepare(self, table: np.ndarray, n: int) -> None:
        """Set up from a known prefix ``table[:n]`` (a fresh run, or a resumed one).  ``auto``
        fills a small table (``table.size`` heaps) by the plain path (:mod:`.plain`: numpy, no
        compiled kernel, the same values)."""
        if self.auto and table.size <= octal_plain.PLAIN_HEAPS and \
                octal_plain.option_work(self.ds, table.size) <= octal_plain.PLAIN_WORK:
            self.algorithm = "plain"
            return
        self.state[S_BITS] = max(1, int(bits_for(int(max_value(table, n))) if n else 0))
        self._grow_marks()
        if self.algorithm == "sparse":
            self._choose_mask(table, n)

    def _choose_mask(self, table: np.ndarray, n: int) -> None:
        if n < 2:
            self.state[S_MASK] = self.state[S_PB] = self.state[S_NRARE] = 0
            return
        counts = rare_count_by_mask(table, n, int(self.state[S_BITS]), self.allow_pb)
        best = int(np.argmin(counts))
        nrare = int(counts[best])
        if self.auto and n >= 4096 and nrare > AUTO_NAIVE_FRACTION * n:
            self.algorithm = "naive"          # no sparse space here: the plain mex is cheaper
            self.switched_at = n
            return
        self.state[S_MASK] = best >> 1
        self.state[S_PB] = best & 1
        if self.rare.size < nrare + 1024:
            self.rare = np.zeros(max(2 * self.rare.size, nrare + 1024), dtype=np.int64)
        self.state[S_NRARE] = rare_heaps(table, n, best >> 1, best & 1, self.rare)
        self._set_classes()

    def run(self, table: np.ndarray, lo: int, hi: int) -> int:
        if self.algorithm == "plain":
            return octal_plain.plain_range(self.ds, table, lo, hi)
        vmax = int(np.iinfo(table.dtype).max)
        while lo < hi:
            stop = hi
            if self.algorithm == "sparse":
                p = max(RECHOOSE_FROM, 1 << lo.bit_length())   # next power of two above lo
                if p < hi:
                    stop = p
            if self.algorithm == "sparse":
                kernel = self._sparse_kernel(lo)
                t0 = time.perf_counter()
                if kernel == "pipeline":
                    st = self._run_pipeline(table, lo, stop, vmax)
                elif kernel == "blocks":
                    st = self._run_blocks(table, lo, stop, vmax)
                else:
                    st = sparse_range(self.whole, self.take, self.split, self.unequal, lo, stop,
                                      table, vmax, self.state, self.rare,
                                      self._packed(table), self.mark, self.want, self.cls)
                if self._use_blocks(lo) and kernel != "pipeline":
                    done = stop if st == DONE else decode(st).pos
                    self._timed(kernel == "blocks", done - lo, time.perf_counter() - t0)
            elif self.scan is not None:
                st = self.scan.run(table, lo, stop, self.state)
            else:
                st = naive_range(self.whole, self.take, self.split, self.unequal, self.three, lo,
                                 stop, table, vmax, self.state, self.mark)
            if st == DONE:
                lo = stop
                if self.algorithm == "sparse" and stop >= RECHOOSE_FROM and stop & (stop - 1) == 0:
                    self._choose_mask(table, stop)
                continue
            stop = decode(st)
            if stop.code != SCRATCH_FULL:
                return st
            grew = False
            if (2 << int(self.state[S_BITS])) > self.mark.size:
                self._grow_marks()
                grew = True
            if self.algorithm == "sparse" and \
                    int(self.state[S_NRARE]) + octal_blocks.MAX_ROWS > self.rare.size:
                self._grow_rare()
                grew = True
            if not grew:   # a kernel that says "full" with nothing full would loop for ever
                raise RuntimeError(f"octal kernel: scratch full at heap {stop.pos}, none is")
            lo = stop.pos
        return DONE
