"""The pages' forms (Flask-WTF): each carries the session's CSRF token."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, Length

from roadsvc.services.admin_audit import MAX_REASON


class LoginForm(FlaskForm):
    """No session token: reading /login must not set the session cookie. A browser's post from another
    site is refused by its own Origin and Sec-Fetch-Site instead (roadsvc.web.blueprint.same_site_only)."""

    class Meta:
        csrf = False

    key = PasswordField(validators=[DataRequired(), Length(max=200)])


class NoteForm(FlaskForm):
    """Acknowledge or resolve an alert: the note says who is on it, or what was done."""

    note = StringField(validators=[DataRequired(), Length(max=MAX_REASON)])


class LogoutForm(FlaskForm):
    pass
