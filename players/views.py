"""Sign-up (a new user gets a personal club at once, so the first match is one tap away), and
the club pages: my clubs, one club with its members, players and invitation links, and the
invitation link itself.

Thin function views: the first line fetches the club through ``club_for_member`` (404 for
clubs one is not in) or ``club_for_manager`` (also 403 for members without the right); who may
do what is the club's to answer (``Club.may_*``). A change made from the club page answers the
``club`` partial to htmx and a redirect to the page otherwise.

Password reset answers alike for known and unknown addresses: the mail goes out after the answer.

"Keep score now" (``guest_start``) makes a guest (``players.models.Guest``) and logs it in through
the ordinary session, so every page works for it unchanged; guests may not found or join clubs
(``not_for_guests`` says why and offers to sign up), and signing up while a guest claims that same
account. The colour scheme (``set_theme``) is kept like the language: in ``Preference`` for users,
in a cookie for visitors.

The account page (``account``) deletes one's account (``players.models.delete_account``), after
saying what goes, what stays, and who takes over the clubs one alone owns.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language
from django_htmx.middleware import HtmxDetails

from players.addresses import client_address
from players.context_processors import GUEST_SESSION_KEY, THEME_COOKIE
from players.forms import (
    ClubForm,
    ClubSettingsForm,
    DeleteAccountForm,
    InvitationForm,
    LinkPlayerForm,
    PasswordResetForm,
    PlayerNameForm,
    RoleForm,
    SignupForm,
)
from players.guessing import wait_for_account
from players.middleware import LANGUAGE_SESSION_KEY, THEME_SESSION_KEY
from players.models import (
    Club,
    ClubsWithoutHeir,
    Guest,
    Invitation,
    InvitationUnusable,
    LastOwner,
    Membership,
    Preference,
    delete_account,
    successions,
)
from players.permissions import club_for_manager, club_for_member
from players.throttles import mailbox, wait_for, wait_message
from players.versioned import Stale, add_version_field, read_version, stale_page

CLUB = "players/club_detail.html"


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (for type checking; players depends on
    no other app of the project, so it does not borrow the one in games.protocol)."""

    htmx: HtmxDetails


NEW_INVITATION = "new_invitation"  # session key: the link just made, shown once
# A sign-up or a guest is logged in without a password check, so Django cannot tell which of
# AUTHENTICATION_BACKENDS vouched for the user: it is Django's own.
SIGN_IN_BACKEND = "django.contrib.auth.backends.ModelBackend"

logger = logging.getLogger(__name__)
GUEST_WINDOW = 3600  # seconds: GUEST_STARTS_PER_HOUR are counted from an address's first


@sensitive_post_parameters()
@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """A new account; for a guest, the guest's own account made permanent, matches and all.

    A sign-up that is right but for a name still to check counts against the client's ``signup``
    rate, whether the name turns out free or taken; past the rate the form comes back as typed,
    with when to try again (429).
    """
    guest = Guest.objects.filter(user__pk=request.user.pk or 0).select_related("user").first()
    form = SignupForm(request.POST or None)
    wait = None
    if request.method == "POST" and form.is_valid():
        wait = wait_for(request, "signup")
        if wait is not None:
            form.add_error(None, wait_message(wait))
        elif (user := form.create(guest)) is not None:
            if guest is not None:
                request.session.pop(GUEST_SESSION_KEY, None)
                messages.success(request, _("Your account is ready; your matches are kept."))
            login(request, user, backend=SIGN_IN_BACKEND)
            return redirect(_next_page(request) or "home")
    context = {"form": form, "next": _next_page(request), "guest": guest}
    return _retry_later(render(request, "registration/signup.html", context), wait)


def _retry_later(response: HttpResponse, wait: int | None) -> HttpResponse:
    """A page refused by a throttle: 429 with ``Retry-After``; any other answer as it is."""
    if wait is not None:
        response.status_code = 429
        response["Retry-After"] = str(wait)
    return response


@require_POST
def guest_start(request: HtmxHttpRequest) -> HttpResponse:
    """Keep score now: one tap from the home page to choosing a game, no account needed.

    At most ``GUEST_STARTS_PER_HOUR`` new guests per IP address an hour, counted in the cache,
    so a bot cannot fill the database; past it the visitor is told to wait or sign up.
    """
    if request.user.is_authenticated:
        return redirect("new_match")
    key = f"guest-starts:{client_address(request)}"
    now = time.time()
    if cache.add(key, 0, timeout=GUEST_WINDOW):
        cache.set(f"{key}:since", now, timeout=GUEST_WINDOW)
    starts: int | None
    try:
        starts = cache.incr(key)
    except ValueError:  # the count went (evicted, or a cache just back) between add and incr
        starts = None
    # No count (the cache is down: django-redis answers None) lets the visitor in: a cache that
    # cannot count must not turn "Keep score now" into an error page.
    if starts is not None and starts > settings.GUEST_STARTS_PER_HOUR:
        response = render(request, "players/guest_limit.html", {"reason": "busy"}, status=429)
        since = cache.get(f"{key}:since") or now
        response["Retry-After"] = str(max(1, math.ceil(since + GUEST_WINDOW - now)))
        return response
    guest = Guest.start()
    login(request, guest.user, backend=SIGN_IN_BACKEND)
    request.session[GUEST_SESSION_KEY] = True
    return redirect("new_match")


def _refuse_guest(request: HttpRequest) -> HttpResponse | None:
    """A guest's clubs would outlive the guest: the page that says so and offers to sign up."""
    if Guest.is_guest(request.user):
        return render(request, "players/guest_limit.html", {"reason": "clubs"}, status=403)
    return None


def not_for_guests[R: HttpRequest, **P](
    view: Callable[Concatenate[R, P], HttpResponse],
) -> Callable[Concatenate[R, P], HttpResponse]:
    """For views that make something lasting beyond a guest's own table (a club, an invitation,
    a league): a guest gets the page explaining why, with a sign-up button (403)."""

    @wraps(view)
    def guarded(request: R, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        return _refuse_guest(request) or view(request, *args, **kwargs)

    return guarded


@require_POST
def set_theme(request: HtmxHttpRequest) -> HttpResponse:
    """Light, dark or as the device: remembered for the signed-in user on every device, in a
    cookie on this one; then back to the page the choice was made on."""
    theme = request.POST.get("theme", "")
    if theme not in Preference.Theme.values:
        return render(request, "400.html", {"reason": _("Unknown colour scheme.")}, status=400)
    target = _next_page(request) or reverse("home")
    response = redirect(target)
    if request.user.is_authenticated:
        Preference.objects.update_or_create(user=request.user, defaults={"theme": theme})
        request.session[THEME_SESSION_KEY] = theme
    # The cookie too, so the choice outlives a logout on this device.
    response.set_cookie(
        THEME_COOKIE, theme, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure()
    )
    return response


def _next_page(request: HtmxHttpRequest) -> str | None:
    """Where to go after signing up (an invitation link, say), if it is a page of this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure())
    return target if target and safe else None


@require_POST
def set_language(request: HtmxHttpRequest) -> HttpResponse:
    """Django's language switch, remembered for the signed-in user on every device."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Preference.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[LANGUAGE_SESSION_KEY] = language
    return response


class RedirectThenSend(HttpResponseRedirect):
    """A redirect that runs ``send`` when the server closes it, i.e. after the client has it."""

    def __init__(self, url: str, send: Callable[[], None]) -> None:
        super().__init__(url)
        self.send = send

    def close(self) -> None:
        super().close()
        try:
            self.send()
        except Exception:
            # The answer is already out; a mail server's trouble is for the log, not a 500.
            logger.exception("A password reset mail could not be sent")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, throttled: a client may ask ``password_reset`` times, and one e-mail address be
    sent ``password_reset_mail`` mails, in the rates' period. A refusal is the same for a known
    and an unknown address: it is counted before anyone is looked up."""

    form_class = PasswordResetForm

    def form_valid(self, form: auth_forms.PasswordResetForm) -> HttpResponse:
        assert isinstance(form, PasswordResetForm)
        wait = wait_for(self.request, "password_reset") or wait_for(
            self.request, "password_reset_mail", mailbox(form.cleaned_data["email"])
        )
        if wait is not None:
            form.add_error(None, wait_message(wait))
            return _retry_later(self.form_invalid(form), wait)
        super().form_valid(form)  # queues the mails (form.save), answers a redirect we replace
        return RedirectThenSend(self.get_success_url(), form.send_later)


class LoginView(auth_views.LoginView):
    """Django's, and an account guessed from many addresses waits before its next try (429 with
    ``Retry-After``; players/guessing.py): no password is checked then, and the form comes back
    with the username as typed. A device the account signed in on before never waits."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        wait = wait_for_account(request, username)
        if wait is None:
            return super().post(request, *args, **kwargs)
        # Unbound: a bound form would check the password as soon as the page shows its errors.
        form = self.get_form_class()(request, initial={"username": username})
        context = self.get_context_data(form=form, locked_out=wait_message(wait))
        return _retry_later(self.render_to_response(context), wait)


# --- access helpers ---------------------------------------------------------------------------


def _member_to_change(request: HtmxHttpRequest, club: Club, membership_id: int) -> Membership:
    membership = get_object_or_404(club.memberships.select_related("user"), pk=membership_id)
    if not club.may_change(request.user, membership):
        raise PermissionDenied(_("Only the club's owner may change an owner or an admin."))
    return membership


# --- pages ------------------------------------------------------------------------------------


@login_required
@require_GET
def club_list(request: HtmxHttpRequest) -> HttpResponse:
    Club.personal_for(request.user)
    memberships = (
        Membership.objects.filter(user__pk=request.user.pk or 0)
        .select_related("club")
        .order_by("-club__personal", "club__name")
    )
    return render(request, "players/club_list.html", {"memberships": memberships})


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def club_create(request: HtmxHttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = Club.found(form.cleaned_data["name"], by=request.user)
        return redirect("club_detail", club_id=club.pk)
    return render(request, "players/club_form.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_GET
def club_detail(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    return _render_club(request, club)


@login_required
@require_POST
def club_settings(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """Owners and admins switch the second player's confirmation of rounds on or off."""
    club = club_for_manager(request, club_id)
    form = ClubSettingsForm(request.POST)
    add_version_field(form, club.version)
    if not form.is_valid():
        return _render_club(request, club, status=400)
    try:
        club.change_settings(confirm_rounds=form.cleaned_data["confirm_rounds"], version=read_version(form))
    except Stale:
        stored = club_for_manager(request, club_id)
        return stale_page(
            request,
            title=_("the settings of %(club)s") % {"club": stored.name},
            theirs=ClubSettingsForm(instance=stored),
            mine=form,
            version=stored.version,
            action=reverse("club_settings", args=[club.pk]),
            back=reverse("club_detail", args=[club.pk]),
        )
    return _changed(request, club)


@login_required
@require_POST
def club_delete(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    if not club.may_delete(request.user):
        raise PermissionDenied(_("Only an owner may delete a club, and never your own table."))
    name = club.name
    club.dissolve()
    messages.success(request, _("%(club)s was deleted.") % {"club": name})
    return redirect("club_list")


@login_required
@require_POST
def club_leave(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    try:
        club.leave(request.user)
    except LastOwner:
        raise PermissionDenied(
            _("You are the last owner: make someone else owner before you leave.")
        ) from None
    messages.success(request, _("You left %(club)s.") % {"club": club.name})
    return redirect("club_list")


@login_required
@require_POST
def member_role(request: HtmxHttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    membership = _member_to_change(request, club, membership_id)
    form = RoleForm(request.POST)
    add_version_field(form, membership.version)
    if not form.is_valid():
        return _render_club(request, club, status=400)
    role = form.cleaned_data["role"]
    if not club.may_grant(request.user, role):
        raise PermissionDenied(_("Only the club's owner makes admins or hands over the club."))
    try:
        club.set_role(membership, role, by=request.user, version=read_version(form))
    except Stale:
        stored = _member_to_change(request, club, membership_id)
        return stale_page(
            request,
            title=_("the role of %(user)s") % {"user": stored.user.get_username()},
            theirs=RoleForm(initial={"role": stored.role}),
            mine=form,
            version=stored.version,
            action=reverse("member_role", args=[club.pk, membership_id]),
            back=reverse("club_detail", args=[club.pk]),
        )
    messages.success(
        request,
        _("%(user)s is now %(role)s.")
        % {"user": membership.user.get_username(), "role": Membership.Role(role).label},
    )
    return _changed(request, club)


@login_required
@require_POST
def member_remove(request: HtmxHttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    membership = _member_to_change(request, club, membership_id)
    club.remove_member(membership)
    messages.success(request, _("%(user)s was removed.") % {"user": membership.user.get_username()})
    return _changed(request, club)


@login_required
@not_for_guests
@require_POST
def invitation_create(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    form = InvitationForm(request.POST)
    if not form.is_valid():
        return _render_club(request, club, invitation_form=form, status=400)
    role = form.cleaned_data["role"]
    if not club.may_grant(request.user, role):
        raise PermissionDenied(_("Only the club's owner makes admins or hands over the club."))
    _invitation, token = club.invite(role, by=request.user, days=form.cleaned_data["days"])
    request.session[NEW_INVITATION] = {
        "club": club.pk,
        "url": request.build_absolute_uri(reverse("invitation_accept", args=[token])),
    }
    return _changed(request, club)


@login_required
@require_POST
def invitation_revoke(request: HtmxHttpRequest, club_id: int, invitation_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    get_object_or_404(club.invitations, pk=invitation_id).revoke()
    messages.success(request, _("The invitation link no longer works."))
    return _changed(request, club)


@login_required
@require_POST
def player_link(request: HtmxHttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    player = get_object_or_404(club.players, pk=player_id)
    form = LinkPlayerForm(club, request.POST)
    if not form.is_valid():
        return _render_club(request, club, status=400)
    user_id = form.cleaned_data["user"]
    user = club.memberships.get(user_id=user_id).user if user_id else None
    club.link_player(player, user)
    return _changed(request, club)


@login_required
@require_POST
def player_add(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """A new player of the club (a newcomer, before their first match)."""
    club = club_for_manager(request, club_id)
    form = PlayerNameForm(request.POST)
    if form.is_valid():
        try:
            player = club.add_player(form.cleaned_data["name"])
        except ValidationError as refusal:
            form.add_error("name", refusal)
        else:
            messages.success(request, _("%(name)s is a player of the club.") % {"name": player.name})
            return _changed(request, club)
    return _render_club(request, club, player_form=form, status=400)


@login_required
@require_POST
def player_rename(request: HtmxHttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    player = get_object_or_404(club.players, pk=player_id)
    form = PlayerNameForm(request.POST)
    add_version_field(form, player.version)
    try:
        if not form.is_valid():
            raise ValidationError(_("This is not a name."), code="invalid")
        player.rename(form.cleaned_data["name"], version=read_version(form))
    except ValidationError as refusal:
        messages.error(request, " ".join(refusal.messages))
        return _render_club(request, club, status=400)
    except Stale:
        stored = get_object_or_404(club.players, pk=player_id)
        return stale_page(
            request,
            title=stored.name,
            theirs=PlayerNameForm(initial={"name": stored.name}),
            mine=form,
            version=stored.version,
            action=reverse("player_rename", args=[club.pk, player_id]),
            back=reverse("club_detail", args=[club.pk]),
        )
    return _changed(request, club)


@login_required
@require_POST
def player_retire(request: HtmxHttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """Retire a player (no longer offered for presence or seating), or bring them back."""
    club = club_for_manager(request, club_id)
    player = get_object_or_404(club.players, pk=player_id)
    player.retire(request.POST.get("retired") != "0")
    return _changed(request, club)


@sensitive_variables("token", "invitation")
@require_http_methods(["GET", "POST"])
def invitation_accept(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Anyone with the link sees which club it is for; joining needs a login (or a new account,
    which comes back here)."""
    invitation = Invitation.for_token(token)
    if invitation is None:
        raise Http404
    membership = None
    if request.user.is_authenticated:
        membership = invitation.club.memberships.filter(user=request.user).first()
    context: dict[str, Any] = {"invitation": invitation, "membership": membership, "next": request.path}
    if membership is None and invitation.state != Invitation.State.PENDING:
        return render(request, "players/invitation.html", context, status=410)
    if request.method == "GET":
        return render(request, "players/invitation.html", context)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if refused := _refuse_guest(request):
        return refused
    try:
        invitation.accept(request.user)
    except InvitationUnusable:  # revoked or used a moment ago
        return render(request, "players/invitation.html", context, status=410)
    if membership is None:
        messages.success(request, _("Welcome to %(club)s!") % {"club": invitation.club.name})
    return redirect("club_detail", club_id=invitation.club_id)


# --- rendering --------------------------------------------------------------------------------


def _changed(request: HtmxHttpRequest, club: Club) -> HttpResponse:
    if request.htmx:
        return _render_club(request, club)
    return redirect("club_detail", club_id=club.pk)


def _render_club(
    request: HtmxHttpRequest,
    club: Club,
    *,
    invitation_form: InvitationForm | None = None,
    player_form: PlayerNameForm | None = None,
    status: int = 200,
) -> HttpResponse:
    user = request.user
    memberships = list(club.memberships.select_related("user").order_by("user__username"))
    grantable = [role.value for role in Membership.Role if club.may_grant(user, role)]
    new_invitation = request.session.get(NEW_INVITATION)
    if new_invitation and new_invitation["club"] == club.pk:
        del request.session[NEW_INVITATION]
    else:
        new_invitation = None
    context = {
        "club": club,
        "role": club.role_of(user),
        "manages": club.may_manage(user),
        "may_delete": club.may_delete(user),
        "may_leave": not club.is_last_owner(user),
        "members": [
            {
                "membership": m,
                "changeable": club.may_change(user, m),
                "roles": [(r.value, r.label) for r in Membership.Role if r.value in grantable],
            }
            for m in memberships
        ],
        "players": club.players.select_related("user"),
        "member_choices": [(m.user_id, m.user.get_username()) for m in memberships],
        "invitations": club.invitations.pending().select_related("created_by"),
        "invitation_form": invitation_form
        or InvitationForm(roles=[r for r in grantable if r in Invitation.GRANTABLE]),
        "new_invitation": new_invitation,
        "player_form": player_form or PlayerNameForm(),
    }
    template = f"{CLUB}#club" if request.htmx else CLUB
    response = render(request, template, context, status=status)
    response["Vary"] = "HX-Request"
    return response


# --- one's account ----------------------------------------------------------------------------


@login_required
@require_GET
def account(request: HtmxHttpRequest) -> HttpResponse:
    """Who one is signed in as, and deleting the account: what goes, what stays, and who takes
    over the clubs one alone owns (or why the account cannot go yet)."""
    return _render_account(request, DeleteAccountForm(request.user))


@sensitive_post_parameters()
@login_required
@require_POST
def account_delete(request: HtmxHttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.user, request.POST)
    if not form.is_valid():
        return _render_account(request, form, status=400)
    try:
        delete_account(request.user)
    except ClubsWithoutHeir:  # an admin left or was made owner since the page was shown
        return _render_account(request, form, status=409)
    logout(request)
    messages.success(request, _("Your account was deleted."))
    return redirect("home")


def _render_account(request: HtmxHttpRequest, form: DeleteAccountForm, status: int = 200) -> HttpResponse:
    found = successions(request.user)
    context = {
        "form": form,
        "handovers": [succession for succession in found if succession.heir is not None],
        "stuck": [succession.club for succession in found if succession.heir is None],
        "personal": Club.objects.filter(personal_owner__pk=request.user.pk or 0).first(),
    }
    return render(request, "players/account.html", context, status=status)
