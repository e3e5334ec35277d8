"""The record's hash chain, stored (issue 43): what is chained (`chained`), how a transaction's changes are
bound into it at commit (`binding`), and reading it (`reading`).

Opt-out: every table of `Base.metadata` is chained, every column of it, except the short lists in `chained`
(derived, cached or ephemeral data, each with its reason). A table added later is chained unless it is named
there (tests/persistence/test_record_chain.py fails for a table in neither list).
"""
