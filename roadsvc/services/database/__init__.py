"""The database as the service sees it: whether a worker is ready (`health`: the database answers, its schema is
the newest, the font is there) and the replication's state on the floor (`replication`: `replication_degraded`)."""
