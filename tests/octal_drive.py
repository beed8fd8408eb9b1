"""Drive the octal stepper directly in tests: a whole table, widened uint8 -> uint16 -> uint32
when the values outgrow the dtype (what the engine's tiers do), and the stepper that made it."""
from __future__ import annotations

import numpy as np

from gtables.engine.status import decode
from gtables.games import octal
from gtables.games.octal.kernels import DONE
from gtables.games.octal.stepper import OctalStepper


def stepper_table(code, size, algorithm="naive", scan=True, dtype=np.uint8):
    """Values of heaps ``0..size-1`` of octal ``code`` as int64, and the stepper."""
    s = OctalStepper(octal.digits(octal.parse_code(code)), algorithm, scan=scan)
    t = np.zeros(size, dtype=dtype)
    s.prepare(t, 0)
    lo = 0
    while True:
        st = s.run(t, lo, size)
        if st == DONE:
            return t.astype(np.int64), s
        t = t.astype(np.uint16 if t.dtype == np.uint8 else np.uint32)
        lo = decode(st).pos
