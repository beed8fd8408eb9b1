"""Verification: claims (data plus a predicate), periodicity, the runner and reports.

``claims``      Claim / Verdict records and the ``compare`` helper every claim uses;
``periodicity`` pre-period/period/saltus detection and the Guy–Smith certificate;
``runner``      collects the claims of every registered family and evaluates them;
``report``      renders verdicts as Markdown, JSON and figures;
``seedNNN``     the claims of each seed, as the families list them.
"""
