// Scoreblok's shared script: the round form's conveniences. Everything is htmx or plain HTML
// forms, so the pages work without it; the server checks every round whatever this fills in.
//
// - One card calculator per form, opened by a key beside each points field that may be counted
//   (inputs with data-cards="<the card map's JSON path>"), fixed to the bottom of the screen; it
//   keeps that field's counts as hidden inputs, so a counted hand is posted as cards and the
//   engine checks them.
// - What the table already knows is not asked: choosing who went out fills in their fields
//   (data-out="<value>", data-out-check) and moves on to the first empty field. A question asked
//   of every line ([data-ask]: "laid down?") is answered by itself only where the points leave
//   one answer (below data-yes-below: yes; above data-no-above: no), never guessed; Enter on the
//   last field goes to the first open question instead of sending the round.
// - A refused round: its reasons (on top of the form) get the focus and are read out.
(function () {
  "use strict";

  function number(value) {
    const parsed = parseInt(value, 10);
    return isNaN(parsed) ? 0 : parsed;
  }

  // --- the card calculator -------------------------------------------------------------
  // Opened on request, by the key beside a points field, as a panel fixed to the bottom of the
  // screen: it moves nothing already on screen (a field that jumped between a tap's touch and
  // release lost what was typed next). Focusing another points field while it is open counts
  // for that field instead.

  function countsFor(form, path) {
    return Array.from(form.querySelectorAll("input[data-card-of]")).filter(function (input) {
      return input.dataset.cardOf === path;
    });
  }

  function refreshCalculator(calc) {
    const form = calc.closest("form");
    const field = calc.field;
    let sum = 0;
    let cards = 0;
    const counts = {};
    if (field) {
      countsFor(form, field.dataset.cards).forEach(function (input) {
        const rank = input.name.slice(field.dataset.cards.length + 1).split(":")[0];
        counts[rank] = number(input.value);
      });
    }
    calc.querySelectorAll("[data-rank]").forEach(function (key) {
      const count = counts[key.dataset.rank] || 0;
      key.querySelector("[data-count]").textContent = count ? "×" + count : "";
      sum += count * number(key.dataset.value);
      cards += count;
    });
    calc.querySelector("[data-total]").textContent = cards ? sum + " (" + cards + ")" : "";
    return sum;
  }

  // "Bram · Left in hand": whose field the calculator counts for.
  function fieldName(field) {
    const legend = field.closest("fieldset[data-entry]");
    const who = legend && legend.querySelector("legend");
    const label = field.closest("label");
    const parts = [];
    if (who && who.firstChild) parts.push(who.firstChild.textContent.trim());
    if (label && label.firstChild) parts.push(label.firstChild.textContent.trim());
    return parts.filter(Boolean).join(" · ");
  }

  function addCardKeys(root) {
    root.querySelectorAll("[data-calculator]").forEach(function (calc) {
      calc.closest("form").querySelectorAll("input[data-cards]").forEach(function (field) {
        if (field.dataset.keyed) return;
        field.dataset.keyed = "1";
        const key = document.createElement("button");
        key.type = "button";
        key.className = "cards-key";
        key.textContent = "♠♥";
        key.setAttribute("aria-label", calc.dataset.keyLabel + ": " + fieldName(field));
        key.setAttribute("aria-expanded", "false");
        key.cardsField = field;
        (field.closest("label") || field).after(key);
      });
    });
  }

  function openCalculator(calc, field) {
    calc.field = field;
    calc.querySelector("[data-calc-for]").textContent = fieldName(field);
    calc.closest("form").querySelectorAll(".cards-key").forEach(function (key) {
      key.setAttribute("aria-expanded", String(key.cardsField === field && !calc.hidden));
    });
    refreshCalculator(calc);
  }

  function showCalculator(calc, field) {
    calc.hidden = false;
    openCalculator(calc, field);
    // Room below the page's last line, so every field can still be scrolled above the panel;
    // and the field it counts for brought above it (after the tap, never under the finger).
    document.body.style.paddingBottom = calc.offsetHeight + "px";
    const bottom = field.getBoundingClientRect().bottom;
    const top = window.innerHeight - calc.offsetHeight - 8;
    if (bottom > top) window.scrollBy(0, bottom - top);
  }

  function hideCalculator(calc) {
    calc.hidden = true;
    document.body.style.paddingBottom = "";
    calc.closest("form").querySelectorAll(".cards-key").forEach(function (key) {
      key.setAttribute("aria-expanded", "false");
    });
  }

  document.addEventListener("focusin", function (event) {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.matches("input[data-cards]")) return;
    const calc = target.closest("form").querySelector("[data-calculator]");
    if (calc && !calc.hidden && calc.field !== target) openCalculator(calc, target);
  });

  document.addEventListener("click", function (event) {
    const opener = event.target.closest(".cards-key");
    if (opener) {
      const calc = opener.closest("form").querySelector("[data-calculator]");
      showCalculator(calc, opener.cardsField);
      return;
    }
    const calc = event.target.closest("[data-calculator]");
    if (!calc || !calc.field) return;
    const field = calc.field;
    const path = field.dataset.cards;
    const key = event.target.closest("[data-rank]");
    if (key) {
      const name = path + "." + key.dataset.rank + ":int";
      let input = countsFor(calc.closest("form"), path).find(function (i) { return i.name === name; });
      if (!input) {
        input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = "0";
        input.dataset.cardOf = path;
        (field.closest("label") || field).before(input);
      }
      input.value = number(input.value) + 1;
      field.value = refreshCalculator(calc);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    } else if (event.target.closest("[data-clear]")) {
      countsFor(calc.closest("form"), path).forEach(function (input) { input.remove(); });
      field.value = "";
      refreshCalculator(calc);
    } else if (event.target.closest("[data-done]")) {
      hideCalculator(calc);
    }
  });

  document.addEventListener("DOMContentLoaded", function () { addCardKeys(document); });
  document.addEventListener("htmx:load", function (event) {
    addCardKeys(event.target);
    // A swapped-in form brings its calculator closed: no room kept for the old one.
    if (!document.querySelector("[data-calculator]:not([hidden])")) document.body.style.paddingBottom = "";
  });

  // --- what the form already knows -----------------------------------------------------

  document.addEventListener("input", function (event) {
    const field = event.target;
    if (!(field instanceof HTMLInputElement)) return;
    // Typing points by hand means the cards were not counted: forget the counted cards.
    if (field.dataset.cards && event.isTrusted) {
      countsFor(field.closest("form"), field.dataset.cards).forEach(function (input) { input.remove(); });
      const calc = field.closest("form").querySelector("[data-calculator]");
      if (calc && calc.field === field) refreshCalculator(calc);
    }
    if (field.dataset.yesBelow !== undefined) {
      const entry = field.closest("[data-entry]");
      const ask = entry && entry.querySelector("[data-ask]");
      if (ask && !ask.dataset.touched) {
        // Only an answer the points force is given, and only an answer given here is taken
        // back. One that came with the page (a stored deal being corrected, a refused round)
        // is kept, and comes back as soon as the points allow it again: retyping 80 as 85
        // passes through "8", which forces "yes" for a moment, and must not lose a stored "no".
        if (ask.dataset.given === undefined) {
          const checked = ask.querySelector("input:checked");
          ask.dataset.given = !checked ? "" : checked.hasAttribute("data-yes") ? "yes" : "no";
        }
        const points = number(field.value);
        const typed = field.value !== "";
        const most = field.dataset.noAbove === "" ? Infinity : number(field.dataset.noAbove);
        const forced = !typed ? null : points < number(field.dataset.yesBelow) ? "yes" : points > most ? "no" : null;
        const answer = forced || ask.dataset.given;
        if (answer) {
          ask.querySelector("input[data-" + answer + "]").checked = true;
          if (answer === ask.dataset.given) delete ask.dataset.auto;
          else ask.dataset.auto = answer;
        } else if (ask.dataset.auto) {
          ask.querySelector("input[data-" + ask.dataset.auto + "]").checked = false;
          delete ask.dataset.auto;
        }
      }
    }
  });

  document.addEventListener("change", function (event) {
    const input = event.target;
    const ask = input.closest && input.closest("[data-ask]");
    if (ask && event.isTrusted) {
      ask.dataset.touched = "1";
      ask.classList.remove("asking");
    }
    if (!input.matches("input[name='@went_out']") || !input.checked) return;
    const form = input.closest("form");
    const entry = input.value === "" ? null : form.querySelector("[data-entry='" + input.value + "']");
    if (entry) {
      entry.querySelectorAll("[data-out]").forEach(function (field) {
        if (field.value === "") field.value = field.dataset.out;
      });
      entry.querySelectorAll("[data-out-check]").forEach(function (box) { box.checked = true; });
    }
    // On to the first field still empty (the next player's points), keyboard and all.
    const next = visibleEmpty(form)[0];
    if (next) next.focus();
  });

  function openQuestion(form) {
    return Array.from(form.querySelectorAll("[data-ask]")).find(function (ask) {
      return ask.offsetParent !== null && !ask.querySelector("input:checked");
    });
  }

  // The keyboard's Enter ("next" on a phone) goes on to the next empty number field of the round
  // form instead of sending it half filled; on the last one it sends the form.
  function visibleEmpty(form) {
    return Array.from(form.querySelectorAll("input[type=number]")).filter(function (field) {
      // A field folded away in a closed <details> still has an offsetParent in Chromium.
      return field.value === "" && field.offsetParent !== null && !field.disabled &&
        !field.closest("details:not([open])");
    });
  }
  document.addEventListener("keydown", function (event) {
    const field = event.target;
    if (event.key !== "Enter" || !field.matches || !field.matches(".round-form input[type=number]")) return;
    const form = field.closest("form");
    const fields = Array.from(form.querySelectorAll("input[type=number]"));
    const after = visibleEmpty(form).filter(function (other) { return fields.indexOf(other) > fields.indexOf(field); });
    // An optional field left empty (a counter: empty is none) is not gone back to.
    const next = after[0] || visibleEmpty(form).filter(function (other) {
      return other !== field && !other.hasAttribute("data-optional");
    })[0];
    event.preventDefault();
    if (next) next.focus();
    else if (openQuestion(form)) {
      const ask = openQuestion(form);
      ask.classList.add("asking");
      ask.querySelector("input").focus();
    } else form.requestSubmit(form.querySelector("button[type=submit]:not([name])"));
  });

  // --- bids, then tricks (a house game's bids block) ----------------------------------
  // The bids are typed as they are made, the dealer last: once everyone else has bid, the one
  // bid the dealer may not make is said beside the rule (the engine refuses it all the same).
  // The tricks follow after play; until then the typed bids are kept for this tab, so a reload
  // or a locked phone does not lose them. Nothing is stored before Save sends the whole deal.

  function bidsStep(form) {
    return form && form.querySelector("[data-bids]");
  }

  function keptBidsKey(form) {
    const deal = form.querySelector("input[name=number]");
    return "scoreblok-bids:" + form.getAttribute("action") + ":" + (deal ? deal.value : "");
  }

  function showForbiddenBid(step) {
    const said = step.querySelector("[data-forbidden]");
    const dealerName = step.dataset.dealerBid;
    if (!said || !dealerName) return;
    let others = 0;
    let missing = false;
    let dealerField = null;
    step.querySelectorAll("input[type=number]").forEach(function (input) {
      if (input.name === dealerName) dealerField = input;
      else if (input.value === "") missing = true;
      else others += number(input.value);
    });
    const rest = number(step.dataset.cards) - others;
    const forbidden = !missing && rest >= 0 ? rest : null;
    said.textContent = forbidden === null ? "" : said.dataset.forbiddenText.replace("{bid}", forbidden);
    if (dealerField) {
      const wrong = forbidden !== null && dealerField.value !== "" && number(dealerField.value) === forbidden;
      dealerField.classList.toggle("invalid", wrong);
    }
  }

  function keepBids(form) {
    const kept = {};
    bidsStep(form).querySelectorAll("input[type=number]").forEach(function (input) {
      if (input.value !== "") kept[input.name] = input.value;
    });
    try { sessionStorage.setItem(keptBidsKey(form), JSON.stringify(kept)); } catch (e) { /* private mode */ }
  }

  function restoreBids(root) {
    const form = root.querySelector ? root.querySelector("#round-form") || (root.id === "round-form" ? root : null) : null;
    const step = bidsStep(form);
    if (!step) return;
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(keptBidsKey(form)) || "null"); } catch (e) { kept = null; }
    if (kept) {
      step.querySelectorAll("input[type=number]").forEach(function (input) {
        if (input.value === "" && kept[input.name] !== undefined) {
          input.value = kept[input.name];
          // The form holds typing again: the live refresh leaves it alone (live.js).
          input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      });
    }
    showForbiddenBid(step);
  }

  document.addEventListener("input", function (event) {
    const field = event.target;
    const step = field.closest && field.closest("[data-bids]");
    if (!step) return;
    showForbiddenBid(step);
    if (event.isTrusted) keepBids(field.closest("form"));
  });

  // The deal is stored: its bids are done with. (Before the swap, while the old form is here.)
  document.addEventListener("htmx:beforeSwap", function (event) {
    const source = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (!source || source.id !== "round-form" || !bidsStep(source) || status < 200 || status >= 300) return;
    try { sessionStorage.removeItem(keptBidsKey(source)); } catch (e) { /* private mode */ }
  });

  document.addEventListener("DOMContentLoaded", function () { restoreBids(document); });
  document.addEventListener("htmx:load", function (event) { restoreBids(event.target); });

  // --- a new match: seats one at a time, the first dealer by name ---------------------

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-add-seat]");
    if (!button) return;
    const seats = button.closest("[data-seats]").querySelectorAll(".seat");
    const waiting = Array.from(seats).filter(function (seat) { return seat.hidden; });
    if (!waiting.length) return;  // let the form ask the server
    event.preventDefault();
    waiting[0].hidden = false;
    const input = waiting[0].querySelector("input");
    dealerOption(input).hidden = false;
    input.focus();
    if (waiting.length === 1) button.hidden = true;
  });

  function dealerOption(seatInput) {
    return seatInput.form.querySelector("select[name=dealer] option[value='" + seatInput.dataset.seat + "']") ||
      document.createElement("option");
  }

  // Only the seats on the page can deal first.
  function hideAbsentDealers(root) {
    root.querySelectorAll("[data-seats] .seat[hidden] input[data-seat]").forEach(function (input) {
      dealerOption(input).hidden = true;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { hideAbsentDealers(document); });

  document.addEventListener("input", function (event) {
    const input = event.target;
    if (!input.matches || !input.matches("input[data-seat]")) return;
    const option = input.form.querySelector("select[name=dealer] option[value='" + input.dataset.seat + "']");
    if (!option) return;
    if (!option.dataset.seatLabel) option.dataset.seatLabel = option.textContent;
    option.textContent = input.value.trim() || option.dataset.seatLabel;
  });

  // --- a refused round -----------------------------------------------------------------

  function showRefusal(root) {
    const reasons = root.querySelector ? root.querySelector("[data-refused], [data-duplicate]") : null;
    if (!reasons) return;
    reasons.scrollIntoView({ block: "center" });
    reasons.focus({ preventScroll: true });
  }

  // A dropped connection: htmx swaps nothing, so the form still holds what was typed and its
  // idempotency key; say so, and let the same tap try again.
  function offline(event, show) {
    const form = event.target.closest ? event.target.closest("form") : null;
    const notice = form && form.querySelector("[data-offline]");
    if (notice) notice.hidden = !show;
  }
  document.addEventListener("htmx:beforeRequest", function (event) { offline(event, false); });
  document.addEventListener("htmx:sendError", function (event) { offline(event, true); });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status >= 500) offline(event, true);
  });

  // A saved round: back to the top, where its confirmation and the next deal's form start.
  function showSaved(root) {
    if (root.id === "round-form" && !root.querySelector("[data-refused]")) window.scrollTo(0, 0);
  }

  // The deal that ends the match brings back the sheet without a round form: its top says who
  // won, so go there too (the Save that was tapped may have been a screen further down).
  document.addEventListener("htmx:afterSettle", function (event) {
    const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (elt && elt.id === "round-form" && !document.getElementById("round-form")) window.scrollTo(0, 0);
  });

  // Undo, redo or a confirmation from anywhere on the sheet: what it did is said in #saved, at
  // the top; bring it (and its Redo) to the screen instead of leaving it far above.
  document.addEventListener("htmx:afterSettle", function (event) {
    const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!elt || !elt.closest || !elt.closest("form.undo, #saved form, .provisional form")) return;
    const saved = document.getElementById("saved");
    if (saved && saved.querySelector("p, form")) saved.scrollIntoView({ block: "center" });
  });

  // A table ended early, or resumed, from the foot of the sheet: what it did is said at the top
  // (ended early, why, who was ahead), or the end's refusal beside its field; bring it to the
  // screen instead of leaving the player looking at the sheet's foot.
  document.addEventListener("htmx:afterSettle", function (event) {
    const elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!elt || !elt.closest || !elt.closest("#end-early form, form.resume")) return;
    const said = document.getElementById("ended-early") || document.getElementById("end-reason-error");
    if (said) said.scrollIntoView({ block: "center" });
    else window.scrollTo(0, 0);
  });

  // --- a rule opened on the sheet -----------------------------------------------------
  // "Rules", "The rule: …" and the hints load a section into #rules-panel, below the form and
  // the grid: without this the tap seemed to do nothing. The section is brought up under the
  // sticky standings and its heading focused (a screen reader reads where it landed); its ✕
  // and the "Back to the round form" link under it return to the round form, or to the link
  // that opened it where the sheet has no form.

  let ruleOpener = null;

  function belowTheBar(element) {
    const bar = document.getElementById("scorebar");
    const covered = bar ? bar.getBoundingClientRect().bottom : 0;
    window.scrollBy(0, element.getBoundingClientRect().top - Math.max(covered, 0) - 8);
  }

  function focusQuietly(element) {
    if (!element.matches("a, button, input, [tabindex]")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    const elt = event.detail.elt;
    if (elt && elt.getAttribute && elt.getAttribute("hx-target") === "#rules-panel") ruleOpener = elt;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    const panel = event.detail.target;
    if (!panel || panel.id !== "rules-panel") return;
    const shown = panel.querySelector(".rules-fragment");
    if (!shown) return;
    belowTheBar(shown);
    focusQuietly(shown.querySelector("h2") || shown);
  });

  function backFromTheRules() {
    const form = document.getElementById("round-form");
    const panel = document.getElementById("rules-panel");
    if (panel) panel.innerHTML = "";
    const opener = ruleOpener && document.contains(ruleOpener) ? ruleOpener : null;
    if (form) {
      // The form starts on the sheet's first screen: the sheet's top, with the refusal (if the
      // rule came from one) or the sheet's title focused. (Not a place inside a blank form: a
      // focused form holds off the refresh that brings in the other phone's deals.)
      window.scrollTo(0, 0);
      focusQuietly(form.querySelector("[data-refused]") || document.querySelector(".sheet-head h1") || form);
    } else if (opener) {
      opener.scrollIntoView({ block: "center" });
      opener.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  }

  // In the capture phase: the ✕'s own htmx request (which only deletes the section) is not sent.
  document.addEventListener("click", function (event) {
    const back = event.target.closest && event.target.closest("[data-rules-back], #rules-panel .rules-close");
    if (!back) return;
    event.preventDefault();
    event.stopPropagation();
    backFromTheRules();
  }, true);

  document.addEventListener("DOMContentLoaded", function () { showRefusal(document); });
  document.addEventListener("htmx:load", function (event) {
    showRefusal(event.target);
    showSaved(event.target);
  });
})();
