"""The fault-injection suite of ``scripts/fault_injection.py`` (the entry point): ``harness``
(Ctx, Rec, the hooks and inspectors, the report) and the attacks, grouped by what they attack:
``store_files``, ``processes``, ``received``, ``quotients``, ``newkinds`` (search checkpoints,
import estimates, exports listed) and ``edited_rules``."""
