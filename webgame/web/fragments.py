"""Sending less of a table: pure device drawings rendered once, unchanged regions kept.

A table action answers with the whole play area (``#play``), so that it stays correct for a
browser without JavaScript and for one that missed an update. Two things keep that cheap:

* :func:`memo` – a device drawing (the roulette wheel, the Big Six wheel) is a pure function
  of its arguments; its markup is rendered once per distinct set of arguments and reused by
  every table and every viewer until it falls out of a small bounded cache.
* :func:`kept` – a region of the play area (``{% call kept("device") %}…{% endcall %}``)
  carries a digest of its markup. The table's script tells the server, in the ``X-Kept``
  header of an htmx request aimed at ``#play``, the digest of each region it shows; a region
  whose markup is unchanged goes back as an empty placeholder marked ``hx-preserve``, and
  htmx keeps the element the page already has. A page loaded without htmx, and any request
  without the header, gets every region whole. The script checks each placeholder's digest
  against the region it would keep and, on a mismatch (an answer that crossed another
  swap), fetches the whole play area again at once.
"""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any

from flask import current_app, g, request, session, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from .util import is_htmx

MEMO_SIZE = 1024  # chips and stacks by amount, the wheels by stop: a few hundred live drawings
_memo: dict[tuple[Any, ...], Markup] = {}

_REGION = re.compile(r"[a-z][a-z0-9-]{0,31}")
_DIGEST = re.compile(r"[0-9a-f]{16}")
KEPT_HEADER = "X-Kept"


def memo(macro: Any, *args: Any, **kwargs: Any) -> Markup:
    """The markup of a pure macro for these arguments, rendered once (the key is the macro's
    template and name and the arguments' ``repr``, so only plain values belong in them)."""
    func = getattr(macro, "_func", None)
    where = func.__code__.co_filename if func is not None else ""
    key = (where, getattr(macro, "name", ""), repr(args), repr(sorted(kwargs.items())))
    found = _memo.get(key)
    if found is None:
        found = Markup(macro(*args, **kwargs))
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()  # a bounded cache: the few live drawings come back at once
        _memo[key] = found
    return found


def shown_regions() -> dict[str, str]:
    """The region digests the browser says it shows (none for a plain, non-htmx request)."""
    if "kept_shown" not in g:
        shown: dict[str, str] = {}
        if is_htmx():
            for part in request.headers.get(KEPT_HEADER, "").split(",")[:16]:
                name, _, digest = part.strip().partition("=")
                if _REGION.fullmatch(name) and _DIGEST.fullmatch(digest):
                    shown[name] = digest
        g.kept_shown = shown
    return dict(g.kept_shown)


REGIONS_SIZE = 1024
_regions: dict[tuple[Any, ...], tuple[str, Markup]] = {}


def kept(name: str, body: Any, key: Any = None) -> Markup:
    """Region ``name`` of the play area: whole, or a placeholder the browser fills with what
    it already shows when its digest there is the same.

    ``body`` is the region's markup or the call block that draws it. With a ``key`` (a plain
    value naming everything the region shows, see :func:`seats_key`) a region drawn once
    is reused with its digest for every answer with the same key, and not drawn again."""
    if not _REGION.fullmatch(name):
        raise ValueError(f"bad region name {name!r}")
    # The key by its repr, as memo's arguments: a region's inputs may be lists and dicts.
    cache_key = (name, repr(key)) if key is not None else None
    found = _regions.get(cache_key) if cache_key is not None else None
    if found is None:
        markup = Markup(body() if callable(body) else body)
        found = (hashlib.blake2b(markup.encode(), digest_size=8).hexdigest(), markup)
        if cache_key is not None:
            if len(_regions) >= REGIONS_SIZE:
                _regions.clear()  # bounded, as memo: the live regions come back at once
            _regions[cache_key] = found
    digest, markup = found
    attrs = f'id="kept-{name}" class="kept" data-digest="{digest}"'
    if shown_regions().get(name) == digest:
        return Markup(f'<div {attrs} hx-preserve="true"></div>')
    return Markup(f"<div {attrs}>") + markup + Markup("</div>")


DRAWN_SIZE = 1024
_drawn: dict[str, Markup] = {}


def drawn(*key: Any, caller: Any) -> Markup:
    """A piece of a felt drawn once per key: ``{% call drawn("b6-board", …) %}…{% endcall %}``.

    The key names the template's piece and every value its markup reads (by ``repr``, as
    memo's arguments, so only plain values belong in it); the first answer with that key
    draws it, and every later one, at any table and for any viewer, reuses the markup. A
    value the piece reads but the key leaves out would show stale markup, so a piece that
    holds a form's round or version (which change with every action) is never drawn once.
    A key of ``none`` alone draws the piece afresh and keeps nothing (a seat only sometimes
    drawn once: ``drawn(key if empty else none)``)."""
    if key == (None,):
        return Markup(caller())
    cache_key = repr(key)
    found = _drawn.get(cache_key)
    if found is None:
        found = Markup(caller())
        if len(_drawn) >= DRAWN_SIZE:
            _drawn.clear()  # bounded, as memo: the live pieces come back at once
        _drawn[cache_key] = found
    return found


def seats_key(table: Any, player: Any, my_seats: Any) -> tuple[Any, ...]:
    """Everything the seat list (``tables/_seats.html``) shows: the table, who sits where
    (name, bot, who sponsored the bot), the viewer (operator or not, seated or not), the
    forms' CSRF token and the links' root. A change to that template's inputs must be
    named here, or a stale list would be kept."""
    seats = tuple([_seat_row(s) for s in table.seats])
    viewer = (player.id, bool(player.is_operator)) if player else None
    return ("seats", table.id, bool(table.bots_allowed), seats, viewer, bool(my_seats),
            page_csrf_token(), request.script_root)


_SEAT_COLUMNS = ("number", "player_id", "bot_sponsor_id")


def _seat_row(s: Any) -> tuple[Any, ...]:
    """One seat of ``seats_key``: read from the loaded row itself when every value is there
    (an action's seats and players, or an empty seat drawn from the seat count, never saved),
    else through the ORM, which loads what is missing."""
    d = s.__dict__
    player = d.get("player")
    if player is None and d.get("player_id") is None and s._sa_instance_state.key is None:
        return (d.get("number"), None, None, False, d.get("bot_sponsor_id"))  # an unsaved empty seat
    if all(k in d for k in _SEAT_COLUMNS) and (player is not None or d["player_id"] is None) and (
            player is None or ("display_name" in player.__dict__ and "is_bot" in player.__dict__)):
        if player is None:
            return (d["number"], None, None, False, d["bot_sponsor_id"])
        p = player.__dict__
        return (d["number"], d["player_id"], p["display_name"], bool(p["is_bot"]), d["bot_sponsor_id"])
    return (s.number, s.player_id, s.player.display_name if s.player is not None else None,
            s.is_bot, s.bot_sponsor_id)


def blackjack_box(s: Any, view: Any, legal: Any, my_seats: Any, outcome: Any,
                  round_over: Any) -> tuple[Any, ...]:
    """One box of the blackjack felt (``tables/_felt_blackjack.html``): its view (``sv``),
    whether it is the viewer's, its side-bet circles, the viewer's bet spots there by name,
    whether it is up, and the key it is drawn once by (:func:`drawn`).

    The key names everything the box shows: the seat and who sits there, the viewer's or
    not, its turn, the box's whole view (hands, cards, totals, bets, insurance, results),
    the word for a natural, the side bets' labels and what the viewer's bets paid. While the
    box holds the viewer's betting forms (between rounds, or the betting of an open round)
    they carry the round and version, so the key is ``None``: drawn afresh.

    The side-bet circles (only with the forms): in an open round the side bets the round
    offers; between rounds the next round's open ones (the viewer's legal bets), then the
    finished round's others that paid something, so each shows what it paid."""
    row = _seat_row(s)
    number = row[0]
    seats = (view or {}).get("seats") or {}
    sv = seats.get(number) or seats.get(str(number))
    mine = number in my_seats
    acts = legal.get(number, ()) if mine else ()
    bet_legal = {a.spot: a for a in acts if a.kind == "bet"}
    to_act = view.get("to_act") if view else None
    turn = bool(to_act and to_act.get("seat") == number)
    if mine and (round_over or (view and view.get("phase") == "betting")):
        offered = (view.get("side_bets") or []) if view else []
        if view and not round_over:
            side = list(offered)
        else:
            side = [a for a in acts if a.kind == "bet" and a.spot != "main"]
            if view and outcome:
                open_spots = {a.spot for a in side}
                paid_bets = {bet for _, bet in outcome["spots"]}
                side += [b for b in offered if b["spot"] not in open_spots and b["spot"] in paid_bets]
        return sv, mine, side, bet_legal, turn, None
    natural = ("natural" in view, view.get("natural")) if view else None
    labels = tuple((b.get("spot"), b.get("label")) for b in view.get("side_bets") or ()) if view else ()
    paid = tuple((bet, line.get("net"), line.get("word")) for (seat, bet), line in outcome["spots"].items()
                 if seat == number) if mine and outcome else ()
    key = ("bj-box", row[:4], mine, turn, natural, sv, labels, paid)
    return sv, mine, [], bet_legal, turn, key


def hand_markup(card: Any, codes: Any, label: Any = "", total: Any = None, extra: Any = "") -> Markup:
    """A fanned row of cards, exactly what the ``hand`` macro of ``devices/_macros.html``
    drew, written here: a felt shows a hand per box and the dealer's, and the macro's loop
    cost more than the markup. Each card is the ``card`` macro's drawing (``card``: the
    ``_card`` macro, drawn once per code through :func:`memo`)."""
    cards = list(codes) if codes else []
    head = f'<div class="hand{" " + escape(extra) if extra else ""}{"" if cards else " is-empty"}"'
    out = [f'{head} data-n="{len(cards)}">']
    if label or total is not None:
        out.append('\n<div class="hand-head">')
        if label:
            out.append(f'<span class="hand-label">{escape(label)}</span>')
        if total is not None and total != "":
            out.append(f'<span class="hand-total"><span class="sr-only">total </span>{escape(total)}</span>')
        out.append("</div>")
    out.append('\n<div class="hand-cards">')
    for i, c in enumerate(cards, 1):
        out.append(memo(card, _card_code(c), "md", f"fan-{i}"))
    out.append("</div>\n</div>")
    return Markup("".join(out))


def _card_code(code: Any) -> Any:
    """The text code the ``card`` macro draws for ``code``: a card's ``code`` when it has one,
    as text, stripped ("" for none, a face-down card)."""
    if code is not None and not isinstance(code, str):
        inner = getattr(code, "code", _MISSING)
        if inner is _MISSING and isinstance(code, dict):
            inner = code.get("code", _MISSING)
        if inner is not _MISSING:
            code = inner
    if code is None:
        return ""
    return (code if isinstance(code, str) else str(code)).strip()


_MISSING = object()


def rail_key(table: Any, denominations: Any) -> tuple[Any, ...]:
    """Everything the chip portal's kept part shows: the rail's chips and the buy-in and
    cash-out forms of the table (their CSRF token and the links' root)."""
    return ("rail", table.id, tuple(int(d) for d in denominations), page_csrf_token(), request.script_root)


_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&#34;"})


def _text(v: Any) -> str:
    """``markupsafe.escape(v)`` as text: the plain strings and whole numbers a form's fields
    hold are escaped here in one step (the same five characters, the same entities), anything
    else (markup, none) through ``escape`` itself."""
    kind = type(v)
    if kind is str:
        return str(v.translate(_HTML))
    if kind is int:
        return str(v)
    return str(escape(v))


def form_state(round: Any, seat: Any) -> Markup:
    """The hidden fields every table form carries (the CSRF token, the round, version and
    journal length the form was drawn on, the seat), written here rather than as a template
    macro: a play area holds up to a dozen forms, and a macro call costs more than the fields
    themselves. The markup is exactly what ``hidden_state`` in ``tables/_forms.html`` drew."""
    return Markup(_state_fields(round, seat))


def _state_fields(round: Any, seat: Any) -> str:
    # ``seen``: how many journal entries the round had when the form was drawn (P-447).
    rid, version, seen = (round.id, round.version, round.journal_len) if round else ("", "", 0)
    return (f'<input type="hidden" name="csrf_token" value="{_text(page_csrf_token())}">\n'
            f'  <input type="hidden" name="round_id" value="{_text(rid)}">\n'
            f'  <input type="hidden" name="version" value="{_text(version)}">\n'
            f'  <input type="hidden" name="seen" value="{_text(seen)}">\n'
            f'  <input type="hidden" name="seat" value="{_text(seat)}">')


def act_url(table: Any) -> str:
    """``url_for('tables.act', table_id=…)``, built once per answer (every form of a play
    area posts to it; the answer's ``g`` is read once, not through its proxy per call)."""
    urls = g._get_current_object().__dict__.setdefault("act_urls", {})
    tid = table.id
    url = urls.get(tid)
    if url is None:
        url = urls[tid] = url_for("tables.act", table_id=tid)
    return str(url)


def _act_form(form_class: str, table: Any, round: Any, seat: Any, kind: Any, spot: Any,
              cls: Any, tail: str) -> str:
    url = _text(act_url(table))
    kind_text = _text(kind)
    spot_text = _text(spot)
    action = f"{kind_text}-{spot_text}" if spot else kind_text
    return (f'<form method="post" action="{url}" class="{form_class}"\n'
            f'      hx-post="{url}" hx-target="#play" hx-swap="outerHTML"\n'
            f'      hx-disabled-elt="find button">\n'
            f'  {_state_fields(round, seat)}\n'
            f'  <input type="hidden" name="kind" value="{kind_text}">\n'
            f'  <input type="hidden" name="spot" value="{spot_text}">\n'
            f'{tail}'
            f'  <button class="{_text(cls)}" type="submit" data-action="{action}"')


def action_button(table: Any, round: Any, seat: Any, kind: Any, label: Any, spot: Any = "",
                  cls: Any = "btn", amount: Any = None) -> Markup:
    """One action's form and button (the play area's decisions), exactly the markup the
    ``action_button`` macro of ``tables/_forms.html`` drew, written here: a play area holds
    several and a macro call with its two ``url_for`` cost more than the markup."""
    chip = f'<input type="hidden" name="chip" value="{_text(amount)}">' if amount is not None else ""
    head = _act_form("action-form", table, round, seat, kind, spot, cls, f"  {chip}\n")
    return Markup(f"{head}>{_text(label)}</button>\n</form>")


def act_button(table: Any, round: Any, seat: Any, kind: Any, spot: Any, label: Any,
               cls: Any = "btn btn-small", aria: Any = "") -> Markup:
    """The layouts' small form for one non-bet action (spin, take down, clear…), exactly what
    the ``act_button`` macro of ``devices/_layouts.html`` drew."""
    head = _act_form("act-form", table, round, seat, kind, spot, cls, "")
    aria_attr = f' aria-label="{_text(aria)}"' if aria else ""
    return Markup(f"{head}{aria_attr}>{_text(label)}</button>\n</form>")


PAGE_TOKEN_SECONDS = 3600


def page_csrf_token() -> str:
    """The CSRF token the forms carry, the same for an hour of a session.

    Flask-WTF signs a fresh token every second (its signature holds the time), which would
    make every region holding a form differ from one answer to the next and never be kept.
    A token signed within the last hour is reused: it stays valid for the configured time
    limit (``WTF_CSRF_TIME_LIMIT``, twelve hours) and is bound to the same session secret, so
    nothing is weaker; a new session secret (a new login) gets a new token at once."""
    # The session and the answer's ``g`` once each, not through their proxies per lookup.
    raw = session._get_current_object().get("csrf_token")  # type: ignore[attr-defined]
    # A page asks for it once per form: the answer is the same.
    drawn = g._get_current_object().__dict__.get("page_csrf")
    if drawn is not None and drawn[0] == raw:
        return str(drawn[1])
    token = _page_csrf_token(raw)
    g.page_csrf = (session.get("csrf_token"), token)
    return token


def _page_csrf_token(raw: Any) -> str:
    cached = session.get("_page_csrf")
    now = int(time.time())
    limit = current_app.config.get("WTF_CSRF_TIME_LIMIT") or 3600 * 12
    fresh = min(PAGE_TOKEN_SECONDS, int(limit) // 4)
    if (isinstance(cached, list) and len(cached) == 3 and raw and cached[0] == raw
            and 0 <= now - int(cached[1]) < fresh):
        return str(cached[2])
    token = generate_csrf()
    session["_page_csrf"] = [session.get("csrf_token"), now, token]
    return token


__all__ = ["KEPT_HEADER", "act_button", "act_url", "action_button", "blackjack_box", "drawn", "form_state", "hand_markup",
           "kept", "memo", "page_csrf_token", "rail_key", "seats_key", "shown_regions"]
