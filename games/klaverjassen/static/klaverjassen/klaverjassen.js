// Klaverjassen's round form: the other pair's card points are the deal's total (data-card-points,
// the engine's number) less the points typed, or put in by the card-point calculator (the shared
// games/card-point-calculator.js, whose "Use" sends the same input event). The deal's score
// before Save is the engine's, drawn by the server as the deal is typed (hx-post on the form's
// .klaverjassen-entry); the form works without this script.
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
})();
