"""What a browser would post from a form of a page, read from the page's HTML: a test's second
client "has the page open" by holding this, and posts it later, changed or not."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    """The named controls of the form whose ``action`` is the one asked for, with their values as
    a browser sends them: inputs (hidden ones too), ticked boxes, the selected option of each
    select (or its first), textareas. Submit buttons are left out."""

    def __init__(self, action: str) -> None:
        super().__init__(convert_charrefs=True)
        self.action = action
        self.inside = False
        self.values: dict[str, list[str]] = {}
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.option: tuple[str | None, bool] | None = None
        self.option_text = ""
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = dict(attrs)
        if tag == "form":
            self.inside = (seen.get("action") or "") == self.action  # "": a form posting to its page
            return
        if not self.inside:
            return
        name = seen.get("name")
        if tag == "input" and name and seen.get("type", "text") not in {"submit", "button"}:
            if seen.get("type") in {"checkbox", "radio"} and "checked" not in seen:
                return
            default = "on" if seen.get("type") in {"checkbox", "radio"} else ""
            self.values.setdefault(name, []).append(seen.get("value") or default)
        elif tag == "select" and name:
            self.select, self.options = name, []
        elif tag == "option" and self.select is not None:
            self.option, self.option_text = (seen.get("value"), "selected" in seen), ""
        elif tag == "textarea" and name:
            self.textarea, self.text = name, ""

    def handle_data(self, data: str) -> None:
        if self.option is not None:
            self.option_text += data
        if self.textarea is not None:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "option" and self.option is not None:
            value, selected = self.option
            self.options.append((self.option_text.strip() if value is None else value, selected))
            self.option = None
        elif tag == "select" and self.select is not None:
            chosen = [value for value, selected in self.options if selected] or [self.options[0][0]]
            self.values.setdefault(self.select, []).extend(chosen[:1])
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            self.values.setdefault(self.textarea, []).append(self.text.removeprefix("\n"))
            self.textarea = None


def posted(html: str, action: str) -> dict[str, list[str]]:
    """What the form posting to ``action`` sends as the page shows it (a dict of lists, as
    Django's test client posts a list value as repeated keys); ``""``: the form without one."""
    form = _Form(action)
    form.feed(html)
    assert form.values, f"no form posting to {action} on the page"
    return {name: values for name, values in form.values.items() if name != "csrfmiddlewaretoken"}
