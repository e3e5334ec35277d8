"""/api/docs: Swagger UI served from the installed swagger-ui-bundle package, never a CDN.

Casino networks are often closed: the page, its scripts and its styles all come from this
service (`/api/docs/<asset>`), and its one script of our own is a file too, so the page's
Content-Security-Policy allows scripts from 'self' only (no inline script).
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, abort, send_from_directory, url_for
from swagger_ui_bundle import swagger_ui_path

ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-32x32.png")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
SPEC_URL = "/api/v1/openapi.json"
PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>roadsvc API</title>
  <link rel="icon" type="image/png" href="{favicon}">
  <link rel="stylesheet" type="text/css" href="{css}">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="{bundle}"></script>
  <script src="{preset}"></script>
  <script src="{init}"></script>
</body>
</html>
"""
INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: %r,
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
};
""" % SPEC_URL

bp = Blueprint("docs_ui", __name__, url_prefix="/api/docs")


def _asset(name: str) -> str:
    return url_for("docs_ui.asset", filename=name)


@bp.get("")
def page() -> Response:
    html = PAGE.format(favicon=_asset("favicon-32x32.png"), css=_asset("swagger-ui.css"),
                       bundle=_asset("swagger-ui-bundle.js"), preset=_asset("swagger-ui-standalone-preset.js"),
                       init=url_for("docs_ui.initializer"))
    return Response(html, mimetype="text/html", headers={"Content-Security-Policy": CSP})


@bp.get("/init.js")
def initializer() -> Response:
    return Response(INIT, mimetype="text/javascript")


@bp.get("/<filename>")
def asset(filename: str) -> Response:
    if filename not in ASSETS:
        abort(404)
    return send_from_directory(swagger_ui_path, filename, max_age=86400)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
