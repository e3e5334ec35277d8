"""What every request goes through before and after its view: the request envelope (request ID,
security headers), the body checks, logs, metrics, rate limits, health, and the polls answered
before Flask. The game and area blueprints are in roadsvc.api and its game packages."""
