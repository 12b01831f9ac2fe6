// Barbuse round form: +/- steppers, a live "still unassigned" count, the last player's count
// filled with what is left, one king of hearts, each finishing place once. Only conveniences: the form works without this file and the server
// checks every round. htmx runs this script again after each swap, hence the guard.
(function () {
  "use strict";
  if (window.scoreblokBarbuse) return;
  window.scoreblokBarbuse = true;

  function number(input) {
    const value = parseInt(input.value, 10);
    return isNaN(value) ? 0 : value;
  }

  // What the table already knows: once every other player's count is in, the last player took
  // the rest (queens, hearts, tricks), until someone changes that last count by hand.
  function fillLast(group) {
    const inputs = Array.from(group.querySelectorAll("[data-count]"));
    const last = inputs[inputs.length - 1];
    if (!last || last.dataset.touched) return;
    const others = inputs.slice(0, -1);
    if (others.some(function (input) { return input.value === ""; })) return;
    let rest = parseInt(group.dataset.total, 10);
    others.forEach(function (input) { rest -= number(input); });
    if (rest >= 0) last.value = rest;
  }

  // The group whose [data-count] inputs share a total (data-total), and its message.
  function refreshTotal(group, fill) {
    if (fill) fillLast(group);
    const fieldset = group.closest(".contract-fields");
    const message = fieldset && fieldset.querySelector(".unassigned");
    if (!message) return;
    let sum = 0;
    group.querySelectorAll("[data-count]").forEach(function (input) { sum += number(input); });
    const left = parseInt(group.dataset.total, 10) - sum;
    const text = left >= 0 ? message.dataset.left : message.dataset.over;
    message.textContent = text.replace("{n}", String(Math.abs(left)));
    message.classList.toggle("done", left === 0);
    message.classList.toggle("over", left < 0);
    message.hidden = false;
  }

  function init(root) {
    root.querySelectorAll(".barbuse-entry .step[hidden]").forEach(function (button) { button.hidden = false; });
    root.querySelectorAll(".barbuse-entry [data-total]").forEach(function (group) {
      // Counts that came back with a refused round were typed: the last one is not refilled.
      const inputs = Array.from(group.querySelectorAll("[data-count]"));
      if (inputs.some(function (input) { return number(input) > 0; })) {
        inputs[inputs.length - 1].dataset.touched = "1";
      }
      refreshTotal(group, false);
    });
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest(".barbuse-entry [data-step]");
    if (!button) return;
    const input = button.parentElement.querySelector("input[type=number]");
    const min = parseInt(input.min, 10);
    const max = parseInt(input.max, 10);
    input.value = Math.min(max, Math.max(min, number(input) + parseInt(button.dataset.step, 10)));
    input.dataset.touched = "1";
    refreshTotal(button.closest("[data-total]"), true);
  });

  document.addEventListener("input", function (event) {
    const group = event.target.closest(".barbuse-entry [data-total]");
    if (event.isTrusted && event.target.matches("[data-count]")) event.target.dataset.touched = "1";
    if (group) refreshTotal(group, true);
  });

  document.addEventListener("change", function (event) {
    const input = event.target;
    const fieldset = input.closest(".barbuse-entry .contract-fields");
    if (!fieldset || !input.checked) return;
    // One king of hearts: ticking a player unticks the others.
    if (input.closest(".kings")) {
      fieldset.querySelectorAll(".kings input[type=checkbox]").forEach(function (box) {
        if (box !== input) box.checked = false;
      });
    }
    // Each place once: taking a place frees it elsewhere; the last player gets the last place.
    if (input.closest(".places")) {
      const rows = Array.from(fieldset.querySelectorAll(".place-row"));
      rows.forEach(function (row) {
        const same = row.querySelector("input[value='" + input.value + "']");
        if (same && same !== input) same.checked = false;
      });
      const open = rows.filter(function (row) { return !row.querySelector("input:checked"); });
      const taken = rows.map(function (row) {
        const checked = row.querySelector("input:checked");
        return checked ? checked.value : null;
      });
      const free = Array.from(open.length ? open[0].querySelectorAll("input") : []).filter(function (radio) {
        return taken.indexOf(radio.value) === -1;
      });
      if (open.length === 1 && free.length === 1) free[0].checked = true;
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
