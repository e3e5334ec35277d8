"""The WSGI entry point: `gunicorn wsgi:app` (what `roadsvc serve` runs)."""

from roadsvc.app import create_app
from roadsvc.api.context import DB
from roadsvc.services.warm import warm_write_path

app = create_app()
if app.config["WARM_WRITE_PATH"]:  # in each worker, before it serves (roadsvc.services.warm)
    warm_write_path(app.extensions[DB])
