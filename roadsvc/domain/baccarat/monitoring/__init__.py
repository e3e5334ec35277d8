"""Baccarat's floor-monitoring rules (registered by roadsvc.domain.monitoring beside the shared rules)."""
