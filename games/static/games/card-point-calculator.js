// The card-point calculator of a round form (games/templates/games/card_point_calculator.html):
// each key adds the value it carries (the engine's, from the game's home; "4.5" for a half) to
// the sum, kept in half points so that no sum is a float; keys marked data-tallied are counted
// apart as well (a game's special cards). A "Use" button puts the sum in the field its data-use names:
// the whole points there, a half as a tick in the data-use-half checkbox, the count in the
// data-use-tally field (a radio of that value, or a number). The fields' own input and change
// events then run as if typed (the game's script, the server's preview). The form works without
// this script: the calculator stays closed and the points are typed.
(function () {
  "use strict";
  if (window.scoreblokCardCalculator) return;  // htmx runs this script with every swapped-in form
  window.scoreblokCardCalculator = true;

  function halvesOf(value) {
    return Math.round(parseFloat(value) * 2);
  }

  function shown(halves) {
    const whole = Math.floor(halves / 2);
    if (halves % 2 === 0) return String(whole);
    return (whole ? String(whole) : "") + "\u00bd";
  }

  function show(calc, halves, tally) {
    const sum = calc.querySelector("[data-sum]");
    sum.dataset.halves = String(halves);
    sum.value = shown(halves);
    const count = calc.querySelector("[data-tally]");
    if (count) {
      count.dataset.count = String(tally);
      count.value = String(tally);
    }
  }

  function state(calc) {
    const sum = calc.querySelector("[data-sum]");
    const count = calc.querySelector("[data-tally]");
    return {
      halves: parseInt(sum.dataset.halves || "0", 10),
      tally: count ? parseInt(count.dataset.count || "0", 10) : 0,
    };
  }

  function field(scope, name) {
    return scope.querySelector("input[name='" + name + "']:not([type=hidden])");
  }

  // Values first, events after: the preview the events ask for sees the whole count.
  function use(calc, button) {
    const scope = calc.closest("form") || calc.parentElement;
    const now = state(calc);
    const changed = [];
    const points = field(scope, button.dataset.use);
    if (button.dataset.useHalf) {
      points.value = String(Math.floor(now.halves / 2));
      const half = scope.querySelector("input[type=checkbox][name='" + button.dataset.useHalf + "']");
      half.checked = now.halves % 2 === 1;
      changed.push([half, "change"]);
    } else {
      points.value = String(now.halves / 2);
    }
    if (button.dataset.useTally) {
      const name = button.dataset.useTally;
      const radio = scope.querySelector("input[type=radio][name='" + name + "'][value='" + now.tally + "']");
      if (radio) {
        radio.checked = true;
        changed.push([radio, "change"]);
      } else {
        const count = field(scope, name);
        count.value = String(now.tally);
        changed.push([count, "input"]);
      }
    }
    changed.push([points, "input"]);
    changed.forEach(function (pair) {
      pair[0].dispatchEvent(new Event(pair[1], { bubbles: true }));
    });
  }

  document.addEventListener("click", function (event) {
    const calc = event.target.closest && event.target.closest("[data-card-calculator]");
    if (!calc) return;
    const key = event.target.closest("[data-value]");
    if (key) {
      const now = state(calc);
      show(calc, now.halves + halvesOf(key.dataset.value), now.tally + ("tallied" in key.dataset ? 1 : 0));
      return;
    }
    if (event.target.closest("[data-clear]")) {
      show(calc, 0, 0);
      return;
    }
    const button = event.target.closest("[data-use]");
    if (button) {
      use(calc, button);
      show(calc, 0, 0);
      calc.open = false;
    }
  });
})();
