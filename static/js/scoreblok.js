// Scoreblok's only script: the tap-to-count card calculator. Everything else is htmx or plain
// HTML forms, so the pages work without it.
(function () {
  "use strict";

  function setup(calc) {
    if (calc.dataset.ready) return;
    calc.dataset.ready = "1";
    calc.hidden = false;
    const entry = calc.closest("fieldset") || calc.parentElement;
    // Games with two points fields per entry (table and hand) name theirs in data-points-for.
    const points = calc.dataset.pointsFor
      ? entry.querySelector('[name="' + calc.dataset.pointsFor + '"]')
      : entry.querySelector("[data-points]");
    const total = calc.querySelector("[data-total]");

    function refresh(writePoints) {
      let sum = 0;
      let cards = 0;
      calc.querySelectorAll("[data-rank]").forEach(function (key) {
        const input = calc.querySelector('[data-count-for="' + key.dataset.rank + '"]');
        const count = parseInt(input.value || "0", 10);
        key.querySelector("[data-count]").textContent = count ? "×" + count : "";
        sum += count * parseInt(key.dataset.value, 10);
        cards += count;
      });
      total.textContent = cards ? sum + " (" + cards + ")" : "";
      if (writePoints && points) points.value = sum;
    }

    calc.addEventListener("click", function (event) {
      const key = event.target.closest("[data-rank]");
      if (key) {
        const input = calc.querySelector('[data-count-for="' + key.dataset.rank + '"]');
        input.value = parseInt(input.value || "0", 10) + 1;
        refresh(true);
      } else if (event.target.closest("[data-clear]")) {
        calc.querySelectorAll("[data-count-for]").forEach(function (input) { input.value = 0; });
        refresh(true);
      }
    });
    // Typing points by hand means the cards were not counted: forget the counted cards.
    if (points) {
      points.addEventListener("input", function () {
        calc.querySelectorAll("[data-count-for]").forEach(function (input) { input.value = 0; });
        refresh(false);
      });
    }
    refresh(false);
  }

  // Choosing who went out: that player holds nothing, so an empty points field becomes 0.
  document.addEventListener("change", function (event) {
    const radio = event.target.closest("input[name='@went_out']");
    if (!radio) return;
    const entry = document.querySelector("[data-entry='" + radio.value + "'] [data-points]");
    if (entry && entry.value === "") entry.value = 0;
  });

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

  function init(root) {
    root.querySelectorAll("[data-calculator]").forEach(setup);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
