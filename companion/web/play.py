"""A game's forms, answered one way for every game.

Each game lists its forms in a ``Forms``: each a pure ``companion.games.forms.Form``, a URL
rule (after ``/t/<token>``) and a reader that turns the posted form, the URL's own values and
what the game's readers see of the table (by default the phone's seat) into one table action
(``companion.games.protocol.Action``), with the input to keep if it is refused.
``Forms.routes`` adds one route per form to the game's blueprint; each goes the same way:

1. the table at the token must be playing this game (404) and the phone seated or the host's
   (403);
2. the reader names the action's target and the version the form saw (rule 1 of the table
   protocol: nothing is worked out from the state now);
3. ``service.act`` stores it, or refuses it with nothing stored;
4. stored: every phone is told (``publish``) and this one gets its entry box drawn again with
   a line saying what was recorded;
5. refused: this phone gets the same form again with its input kept and the reason beside it
   (409 with the value now, 422, 403), drawn by the game's ``again`` (or, when it has no form
   to show again, the one refusal notice of ``companion.web.errors``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict
from companion.extensions import db
from companion.games.forms import Form, Kept
from companion.games.protocol import Action, Data, Entered, Opaque, Who, may
from companion.tables import service
from companion.web.errors import status_for
from companion.web.kinds import WebGame
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

# the view now, the input kept, the refusal, the form's endpoint and the URL's values -> how
# to draw the form again (None: the refusal notice)
Again = Callable[[TableView, Kept, CompanionError, str, Data], "dict[str, object] | None"]


def again_status(err: CompanionError) -> int:
    """A refused form's status: an unreadable form is a form to fix (422)."""
    status = status_for(err)
    return 422 if status == 400 else status


@dataclass(frozen=True)
class Forms:
    """One game's forms and how its pages answer them.

    ``saved(after, action, done)`` words what was recorded (``after``: the view with it stored,
    ``done.stored``: the events it stored). ``again(v, values, err, endpoint, url)`` gives the
    context to draw the form again (``errors`` its words; ``template``/``page``: another
    fragment or page than the entry box; ``status``: another status), or None to answer with
    the refusal notice alone. ``prepare(v)`` runs before the action, in its transaction.
    ``seen(v)``: what the readers are given of the table. ``answered(after, actions, done)``:
    another answer than the entry box to a form stored from an htmx request (None: the box);
    ``saved`` is given the first action of a form that saves several together."""

    kind: WebGame
    forms: Mapping[str, Form[Opaque]]  # each game's readers take its own ``seen``
    saved: Callable[[TableView, Action, service.Done], str]
    again: Again
    prepare: Callable[[TableView], None] | None = None
    seen: Callable[[TableView], Opaque] = lambda v: v.my_seat.position if v.my_seat else None
    same: Callable[[TableView, Action], str | None] | None = None
    answered: (
        Callable[[TableView, Sequence[Action], service.Done], ResponseReturnValue | None] | None
    ) = None

    def view(self, token: str, number: int | None = None) -> TableView:
        """The table at ``token``, which must be playing this game."""
        v = view_for(token, number)
        if v.game.kind != self.kind.key:
            abort(404, f"This table is not playing {self.kind.name}.")
        return v

    def seated(self, token: str) -> TableView:
        """The table, seen by a seated phone or the host's (403 otherwise)."""
        v = self.view(token)
        if not may(v.who, Who.AT_TABLE):
            abort(403, "Take a seat first: only players at the table can enter.")
        return v

    def act(self, token: str, endpoint: str, url: Data) -> ResponseReturnValue:
        form = self.forms[endpoint]
        v = self.seated(token)
        values = form.keep(request.form, url)
        actions: list[Action] = []
        try:
            read = form.read(request.form, url, self.seen(v), values)
            actions = [read] if isinstance(read, Action) else list(read)
            if self.prepare is not None:
                self.prepare(v)
            done = service.act(v.table, v.game, actions, v.who)
        except CompanionError as err:
            db.session.rollback()
            if isinstance(err, Conflict) and len(actions) == 1:
                agreed = self.agreed(token, actions[0])
                if agreed is not None:
                    return agreed
            return self.refused(token, values, err, endpoint, url)
        publish(v.table, done.version)
        if not htmx():
            return redirect(url_for("table.page", token=token), 303)
        after = v.fresh(done.snapshot)
        if self.answered is not None:
            answer = self.answered(after, actions, done)
            if answer is not None:
                return answer
        saved = self.saved(after, actions[0], done)
        return fragment(self.kind.entry_template, v=after, values={}, errors={}, saved=saved)

    def agreed(self, token: str, action: Action) -> ResponseReturnValue | None:
        """A stale action that sends what the table has now (``same`` gives the words) is
        answered as saved, nothing stored again; None when it differs."""
        if self.same is None:
            return None
        fresh = self.view(token)
        words = self.same(fresh, action)
        if words is None:
            return None
        if not htmx():
            return redirect(url_for("table.page", token=token), 303)
        return fragment(self.kind.entry_template, v=fresh, values={}, errors={}, saved=words)

    def refused(
        self,
        token: str,
        values: dict[str, Entered],
        err: CompanionError,
        endpoint: str,
        url: Data,
    ) -> ResponseReturnValue:
        """The form again for the table now, the phone's input kept, the reason beside it."""
        fresh = self.view(token)
        status = again_status(err)
        ctx = self.again(fresh, values, err, endpoint, url)
        if ctx is None:
            raise err  # no form to show again: the refusal notice, in words
        ctx = {"v": fresh, "values": values, **ctx}
        template = str(ctx.pop("template", self.kind.entry_template))
        page = str(ctx.pop("page", "table.html"))
        asked = ctx.pop("status", status)
        status = asked if isinstance(asked, int) else status
        if htmx():
            return fragment(template, status, **ctx)
        return render_template(page, **ctx), status

    def routes(self, bp: Blueprint) -> None:
        """One POST route per form, each named by its endpoint."""
        for endpoint, form in self.forms.items():
            rule = f"/t/<token>{form.rule}"
            bp.add_url_rule(rule, endpoint, _route(self, endpoint), methods=["POST"])


def _route(forms: Forms, endpoint: str) -> Callable[..., ResponseReturnValue]:
    def view(token: str, **url: object) -> ResponseReturnValue:
        return forms.act(token, endpoint, url)

    return view
