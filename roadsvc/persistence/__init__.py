"""Persistence: SQLAlchemy 2 models, the engine and sessions per app, repositories."""
