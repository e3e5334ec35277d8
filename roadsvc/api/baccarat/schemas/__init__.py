"""The schemas of baccarat's API (the shared ones are in roadsvc.api.schemas)."""
