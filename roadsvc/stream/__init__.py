"""Server-Sent Events: the live stream of the event log (issue 11, docs/events.md).

One `EventHub` per worker process (hub.py) wakes on new events (PostgreSQL LISTEN/NOTIFY,
or one cheap newest-id check on SQLite), reads them once, keeps the recent ones in memory
and wakes every stream of the process; each stream (sse.py) filters and writes them.
"""
