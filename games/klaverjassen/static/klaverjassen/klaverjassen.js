// Klaverjassen's round form: the other pair's card points are the deal's total (data-card-points,
// the engine's number) less the points typed; the calculator adds the values of the cards tapped
// (the engine's, on the keys) and puts the sum in a pair's card points. The deal's score before Save is the engine's, drawn
// by the server as the deal is typed (hx-post on the form's .klaverjassen-entry); the form works
// without this script.
(function () {
  "use strict";
  if (window.scoreblokKlaverjassen) return;  // htmx runs this script with every swapped-in form
  window.scoreblokKlaverjassen = true;

  function fill(form, typed) {
    const total = parseInt(form.dataset.cardPoints, 10);
    const value = parseInt(typed.value, 10);
    if (isNaN(value) || value < 0 || value > total) return;
    form.querySelectorAll("input[name$='.points:int']").forEach(function (points) {
      if (points !== typed) points.value = total - value;
    });
  }

  // Capture: the other pair's points are in place before htmx reads the form for the preview.
  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest(".klaverjassen-entry");
    if (form && event.target.matches("input[name$='.points:int']")) fill(form, event.target);
  }, true);

  document.addEventListener("click", function (event) {
    const calc = event.target.closest && event.target.closest("[data-klaverjassen-calculator]");
    if (!calc) return;
    const sum = calc.querySelector("[data-sum]");
    const key = event.target.closest("[data-value]");
    if (key) {
      sum.value = String(parseInt(sum.value || "0", 10) + parseInt(key.dataset.value, 10));
      return;
    }
    if (event.target.closest("[data-clear]")) {
      sum.value = "0";
      return;
    }
    const use = event.target.closest("[data-use]");
    if (use) {
      const field = calc.closest(".klaverjassen-entry").querySelector("input[name='" + use.dataset.use + "']");
      field.value = sum.value;
      // The input event fills the other pair's points and asks the server for the preview.
      field.dispatchEvent(new Event("input", { bubbles: true }));
      sum.value = "0";
      calc.open = false;
    }
  });
})();
