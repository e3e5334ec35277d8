"""The WSGI entry point: `gunicorn wsgi:app` (what `roadsvc serve` runs)."""

from roadsvc.app import create_app

app = create_app()
