"""A house game from each template: the club's owner declares it (adjusted, so the journey stays
short), starts it from New match as any member would, enters its first deal and plays it to the
end; every screen as the owner sees it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from players.models import Membership
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import FOUR, Sheet, say
from tests.factories import ClubFactory, HouseGameFactory, MembershipFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]

# template: (fields changed on the declaration form, the deals to the end, the winner's seat)
TEMPLATES = {
    "hartenjagen": ({}, [[26, 0, 0, 0], [26, 0, 0, 0], [0, 20, 6, 0], [0, 20, 0, 6], [0, 10, 16, 0]], 0),
    "rikken": ({"end.value": "2"}, [[10, -10, 5, -5], [-20, 10, 5, 5]], 2),
    "free": ({}, [[300, 100, 50, 0], [250, 0, 0, 0]], 0),
    # Cards up to 2 and down again: deals of 1, 2 and 1 card; each bids nothing, Anna takes all.
    "boerenbridge": ({"bids.cards": "2"}, [[1], [2], [1]], 1),
}


def declare(phone: Phone, club, template: str, changes: dict[str, str]) -> str:
    page = phone.page
    page.goto(f"/clubs/{club.pk}/games/")
    start = page.locator(f"a[href$='?template={template}']")
    phone.assert_on_screen(page.locator("h1"), "the title")
    phone.screenshot("house games")
    phone.tap(start, loads=True)

    name = page.locator("input[name='name']").input_value()
    assert name
    phone.assert_first_screen(title=page.locator("h1"), first_field=page.locator("input[name='name']"))
    blocks = page.locator("fieldset[data-block]:visible")
    phone.check(blocks.count() == 1, f"only the chosen entry type's fields ({blocks.count()} blocks shown)")
    phone.screenshot("the declaration")
    for field, value in changes.items():
        phone.tap_field(page.locator(f"[name='{field}']"), value)
    phone.tap(page.locator("form.house-game-form button.primary"), loads=True)
    flash = page.locator(".flash").first
    expect(flash).to_contain_text(name)
    phone.assert_first_screen(notice=flash)
    phone.screenshot("declared")
    return name


def start_from_new_match(phone: Phone, name: str) -> Sheet:
    """New match, the house game among the games, four names and Start with the page's defaults."""
    page = phone.page
    phone.tap(page.locator(".topbar a[href='/matches/new/']"), loads=True)
    choice = page.get_by_role("link", name=name, exact=True)
    phone.assert_on_screen(choice, "the house game among the games")
    phone.tap(choice, loads=True)
    for seat, player in enumerate(FOUR):
        field = page.locator(f"#id_player_{seat}")
        if not field.is_visible():
            phone.tap(page.locator("button[data-add-seat]"), leaves=True)
        phone.tap_field(field, player)
    phone.screenshot("four names")
    phone.tap(page.locator("main form button.primary"), loads=True)
    errors = page.locator("main .errors, main .error")
    phone.check(
        page.locator("#round-form").count() == 1,
        f"the match started ({errors.first.inner_text() if errors.count() else 'no sheet'!r})",
    )
    sheet = Sheet(phone)
    expect(sheet.title).to_have_text(name)
    return sheet


def play_points(phone: Phone, sheet: Sheet, deal: list[int]) -> None:
    """Each player's points on the Enter path: the last Enter sends the deal."""
    phone.tap_field(sheet.field("entries.0.points:int"))
    phone.type_each([str(points) for points in deal])


def play_bids(phone: Phone, sheet: Sheet, number: int, cards: int, lang: str) -> None:
    """In play order: the cards and the dealer on top; the bids as the table says them (nobody bids
    a trick), from the player after the dealer to the dealer, who sees the bid the total may not
    reach while bidding; then the tricks after play (Anna took them all), in the same order."""
    dealer = (number - 1) % 4
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    facts = sheet.form.locator(".deal-facts")
    expect(facts).to_contain_text(FOUR[dealer])
    expect(facts).to_contain_text(str(cards))
    phone.assert_on_screen(facts, "the cards dealt and the dealer")
    rule = sheet.form.locator(".dealer-rule")
    expect(rule).to_contain_text(say(lang, "The bids may not add up to %(cards)s.", cards=cards))
    for seat in order:
        phone.tap_field(sheet.field(f"entries.{seat}.bid:int"))
        if seat == dealer:
            # The others bid nothing: the dealer may not bid what the cards hold.
            forbidden = sheet.form.locator("[data-forbidden]")
            expect(forbidden).to_have_text(
                say(lang, "%(dealer)s may not bid %(bid)s.", dealer=FOUR[dealer], bid=cards)
            )
            phone.assert_on_screen(rule, "the total the bids may not reach, while the dealer bids")
            phone.assert_on_screen(forbidden, "the bid the dealer may not make")
            phone.screenshot(f"deal {number} the dealer bids")
        phone.type("0")
    expect(sheet.field(f"entries.{dealer}.bid:int")).to_have_value("0")
    for seat in order:
        phone.tap_field(sheet.field(f"entries.{seat}.tricks:int"), str(cards if seat == 0 else 0))
    phone.screenshot(f"deal {number} bids and tricks")
    assert Match.objects.get().rounds.count() == number - 1  # nothing stored before Save
    phone.tap(sheet.save, leaves=True)


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_a_house_game_declared_from_its_template_and_played_to_its_end(open_phone, lang, template):
    owner = UserFactory()
    club = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=club, user=owner, role=Membership.Role.OWNER)
    phone: Phone = open_phone(f"house-game-{template}", lang, owner)
    changes, deals, winner = TEMPLATES[template]
    name = declare(phone, club, template, changes)

    sheet = start_from_new_match(phone, name)
    sheet.assert_opened(next_items=False)
    phone.screenshot("the sheet")
    for number, deal in enumerate(deals, start=1):
        if template == "boerenbridge":
            play_bids(phone, sheet, number, deal[0], lang)
        else:
            play_points(phone, sheet, deal)
        if number < len(deals):
            sheet.assert_saved(number)
            phone.screenshot(f"deal {number} saved")
    winners = phone.page.locator(".winners")
    expect(winners).to_contain_text(FOUR[winner])
    phone.assert_on_screen(winners, "who won")
    expect(sheet.form).to_have_count(0)
    phone.screenshot("the end")
    match = Match.objects.get()
    assert match.status == "finished"
    assert match.rounds.count() == len(deals)


def test_a_deleted_house_game_leaves_the_list_and_its_played_match_keeps_its_rules(open_phone, lang):
    """The owner deletes a game the club has played: it is gone from the club's games and from New
    match, and the match played in it still opens its rules (the game is retired, not removed)."""
    owner = UserFactory()
    club = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=club, user=owner, role=Membership.Role.OWNER)
    game = HouseGameFactory.create(club=club)
    match = Match.start(club=club, game=game.slug, players=list(FOUR), by=owner)
    phone: Phone = open_phone("house-game-deleted", lang, owner)
    page = phone.page
    page.goto(f"/clubs/{club.pk}/games/{game.slug}/")
    phone.tap(page.locator(f"form[action$='/{game.slug}/delete/'] button"), loads=True)
    flash = page.locator(".flash").first
    expect(flash).to_contain_text(game.name)
    phone.assert_first_screen(notice=flash)
    expect(page.locator(f"main a[href*='{game.slug}']")).to_have_count(0)
    phone.screenshot("deleted")
    page.goto("/matches/new/")
    expect(page.get_by_role("link", name=game.name, exact=True)).to_have_count(0)
    page.goto(f"/matches/{match.pk}/rules/")
    title = page.locator("h1")
    expect(title).to_contain_text(game.name)
    phone.assert_on_screen(title, "the played match's rules")
    phone.screenshot("the match's rules")
