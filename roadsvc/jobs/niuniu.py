"""百人牛牛's clock pass of the floor monitor: stale_table at tables whose newest round stopped moving,
raised, seen again or resolved (services.niuniu.monitor.check_tables). Scheduled with baccarat's pass,
every MONITOR_INTERVAL seconds."""

from __future__ import annotations

from roadsvc.jobs.monitor_passes import MonitorPassJob
from roadsvc.services.niuniu import monitor


class RoundTablesMonitorJob(MonitorPassJob):
    name, check = "niuniu monitor", staticmethod(monitor.check_tables)
    counted = noun = "tables"
