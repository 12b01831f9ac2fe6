// Klaverjassen's round form: the other pair's card points are the deal's total less the points
// typed, and the deal's score is shown before Save with the rule that made it. The numbers come
// from the engine's data on the form (data-card-points, data-pit-bonus); the form works without
// this script, and the server's answer on Save is what counts.
(function () {
  "use strict";
  if (window.scoreblokKlaverjassen) return;  // htmx runs this script with every swapped-in form
  window.scoreblokKlaverjassen = true;

  function number(input) {
    const value = parseInt(input && input.value, 10);
    return isNaN(value) ? null : value;
  }

  function sides(form) {
    return Array.from(form.querySelectorAll(".klaverjassen-side")).map(function (side) {
      return {
        label: side.dataset.label,
        points: side.querySelector("input[name$='.points:int']"),
        roem: side.querySelector("input[name$='.roem:int']"),
        pit: side.querySelector("input[type=checkbox][name$='.pit:bool']"),
      };
    });
  }

  function fill(form, typed) {
    const total = parseInt(form.dataset.cardPoints, 10);
    const value = number(typed);
    if (value === null || value < 0 || value > total) return;
    sides(form).forEach(function (side) {
      if (side.points !== typed) side.points.value = total - value;
    });
  }

  function preview(form) {
    const out = form.querySelector("[data-preview]");
    const chosen = form.querySelector("input[name='playing:int']:checked");
    const all = sides(form);
    const points = all.map(function (side) { return number(side.points); });
    if (!chosen || points.indexOf(null) !== -1) { out.hidden = true; return; }
    const bonus = parseInt(form.dataset.pitBonus, 10);
    const roem = all.map(function (side) {
      return (number(side.roem) || 0) + (side.pit.checked ? bonus : 0);
    });
    const own = points.map(function (p, i) { return p + roem[i]; });
    const total = own[0] + own[1];
    const playing = parseInt(chosen.value, 10);
    const other = 1 - playing;
    const words = { playing: all[playing].label, own: own[playing], total: total };
    let text;
    if (2 * own[playing] > total) {
      text = form.dataset.made;
    } else {
      text = form.dataset.half + " " + form.dataset.nat;
      words.cards = points[0] + points[1];
      words.roem = roem[0] + roem[1];
      words.other = all[other].label;
    }
    out.textContent = text.replace(/\{(\w+)\}/g, function (_, key) { return words[key]; });
    out.hidden = false;
  }

  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest(".klaverjassen-entry");
    if (!form) return;
    if (event.target.matches("input[name$='.points:int']")) fill(form, event.target);
    preview(form);
  });
  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest(".klaverjassen-entry");
    if (form) preview(form);
  });

  function init(root) { root.querySelectorAll(".klaverjassen-entry").forEach(preview); }
  init(document);
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
