"""roadsvc: baccarat road analytics service."""

__version__ = "0.1.0"


def create_app(config=None):
    """Build the Flask application (see roadsvc.app)."""
    from roadsvc.app import create_app as _create_app

    return _create_app(config)
