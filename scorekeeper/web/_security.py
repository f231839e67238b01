"""Who may change the history, and what a request may carry.

Joining: the link ``scorekeeper serve`` prints (and draws as a QR code) carries a secret token;
``/join`` checks it and keeps it in an HttpOnly cookie, with a random session id beside it. Every
page but ``/join`` and the static files needs that cookie. A form that changes anything also
carries a CSRF field, the HMAC of the session id under a key that lives only in the server
process, and is refused when the browser says it came from another site.

Bodies are read with limits (32 KiB, 200 fields) and only as URL-encoded forms: nothing a phone
sends needs more, and nothing bigger is kept in memory.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import ClientDisconnect, Request

from scorekeeper.web._i18n import _

TOKEN_COOKIE, SESSION_COOKIE = "sk_token", "sk_session"  # not for players: cookies' names
MAX_BODY, MAX_FIELDS, MAX_FIELD = 32 * 1024, 200, 4000
FORM_TYPE = "application/x-www-form-urlencoded"  # not for players: a media type


class WebError(Exception):
    """A request the pages refuse: an HTTP status and the messages shown for it."""

    def __init__(self, status: int, *messages: str) -> None:
        super().__init__(messages[0] if messages else str(status))
        self.status = status
        self.messages = messages


@dataclass(frozen=True)
class Keys:
    """The join token printed for the players, and the server's own key for CSRF fields."""

    token: str
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)

    def token_ok(self, given: str) -> bool:
        """Whether ``given`` is the join token (compared in constant time)."""
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode("utf-8"))

    def csrf_for(self, session: str) -> str:
        """The CSRF field value of a session."""
        return hmac.new(self.secret, f"csrf:{session}".encode("utf-8", "replace"), hashlib.sha256).hexdigest()

    def require_joined(self, request: Request) -> None:
        """Refuse a browser that has not joined with the token."""
        if not self.token_ok(request.cookies.get(TOKEN_COOKIE, "")):
            raise WebError(403, _("This score sheet is open only to the players who joined it: scan the QR code "
                                  "or open the link that 'scorekeeper serve' printed."))

    def require_form(self, request: Request, form: dict[str, str]) -> None:
        """Refuse a change without the token, from another site, or without this session's CSRF field."""
        self.require_joined(request)
        origin = request.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
            raise WebError(403, _("This form was sent from another site; nothing was changed."))
        fetched_from = request.headers.get("sec-fetch-site", "same-origin")  # not for players: a header
        if fetched_from not in ("same-origin", "none"):  # not for players: the header's values
            raise WebError(403, _("This form was sent from another site; nothing was changed."))
        session = request.cookies.get(SESSION_COOKIE, "")
        if not session or not hmac.compare_digest(form.get("csrf", "").encode("utf-8", "replace"),
                                                  self.csrf_for(session).encode()):
            raise WebError(403, _("This form is out of date or was not made by this page (CSRF check); "
                                  "reload the page and try again. Nothing was changed."))


def host_name(header: str) -> str:
    """The name or address a Host header gives, in lower case, without its port or brackets ('' when
    it cannot be read: an IPv6 address must be in brackets there)."""
    text = header.strip().lower()
    if text.startswith("["):
        address, closed, port = text[1:].partition("]")
        return address if closed and (not port or port.startswith(":")) else ""
    if text.count(":") > 1:
        return ""
    return text.partition(":")[0].rstrip(".")


def device_of(request: Request) -> str:
    """A name for the phone that sends a hand to confirm, kept with it (so that the same phone cannot
    confirm it, nor another phone withdraw it): a digest of its network address, which a private tab
    or a second browser on that phone shares, or of its session id for a browser on this machine
    (the loopback address is every local browser's)."""
    client = request.client.host if request.client else ""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        address = None
    if address is not None and not address.is_loopback:
        key = f"address:{address}"  # not for players: a digest's input
    else:
        session = request.cookies.get(SESSION_COOKIE, "")
        if not session:
            return ""
        key = f"device:{session}"  # not for players: a digest's input
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:16]


def new_session() -> str:
    """A fresh session id for a browser that joins."""
    return secrets.token_urlsafe(18)


async def read_form(request: Request) -> dict[str, str]:
    """The URL-encoded form of a POST, each field once, within the limits."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()  # not for players: a header
    if kind != FORM_TYPE:
        raise WebError(415, _("Send the form as the page does (application/x-www-form-urlencoded)."))
    declared = request.headers.get("content-length", "")  # not for players: a header
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError(413, _("The form is too large (at most 32 KiB)."))
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise WebError(413, _("The form is too large (at most 32 KiB)."))
    except ClientDisconnect:  # gone before the form was whole (or closed for taking too long): nothing to do
        raise WebError(400, _("The form did not arrive whole; nothing was changed.")) from None
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS,
                          errors="strict")
    except UnicodeDecodeError:
        raise WebError(400, _("The form is not UTF-8 text.")) from None
    except ValueError:
        raise WebError(413, _("The form has too many fields (at most 200).")) from None
    form: dict[str, str] = {}
    for name, value in pairs:
        if name in form:
            raise WebError(400, _("The form gives the field {name} twice.").format(name=repr(name[:40])))
        if len(value) > MAX_FIELD:
            raise WebError(413, _("The field {name} is too long.").format(name=repr(name[:40])))
        form[name] = value
    return form
