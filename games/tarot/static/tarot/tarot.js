// Tarot's round form: the deal's score shown before Save, with the rule that made it
// ("Garde, 2 oudlers, 47 points: made by 6 → (25 + 6) × 2 = 62"). The numbers (points to make,
// multipliers, bonuses) are the engine's, put in data attributes by the home; the words are the
// page's. The engine checks and scores the deal on Save; this only shows the sum beforehand.
(function () {
  "use strict";
  function pairs(text) {
    var out = {};
    text.split(",").forEach(function (item) { var kv = item.split(":"); out[kv[0]] = Number(kv[1]); });
    return out;
  }
  function numbers(text) { return text.split(",").map(Number); }
  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input : null;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }
  function update(box) {
    var form = box.closest("form") || box;
    var out = box.querySelector("[data-tarot-preview]");
    var contract = checked(form, "contract:str");
    var oudlers = checked(form, "oudlers:int");
    var pointsInput = form.querySelector('input[name="points:int"]');
    var halfInput = form.querySelector('input[type="checkbox"][name="half:bool"]');
    if (!contract || !oudlers || !pointsInput || pointsInput.value === "") { out.textContent = ""; return; }
    var d = box.dataset;
    var required = numbers(d.required)[Number(oudlers.value)];
    var multiplier = pairs(d.multipliers)[contract.value];
    var half = halfInput && halfInput.checked ? 1 : 0;
    var doubled = 2 * Number(pointsInput.value) + half;
    if (required === undefined || multiplier === undefined || isNaN(doubled)) { out.textContent = ""; return; }
    var made = doubled >= 2 * required;
    var difference = Math.ceil(Math.abs(doubled - 2 * required) / 2);
    var base = Number(d.base);
    var bout = checked(form, "petit_au_bout:str");
    var boutValue = bout && bout.value === "taker" ? Number(d.bout) : bout && bout.value === "defence" ? -Number(d.bout) : 0;
    var inner = (made ? "" : "−") + "(" + base + " + " + difference + ")";
    if (boutValue) { inner = "(" + inner + (boutValue > 0 ? " + " : " − ") + Math.abs(boutValue) + ")"; }
    var score = ((made ? 1 : -1) * (base + difference) + boutValue) * multiplier;
    var formula = inner + " × " + multiplier;
    var trumpsInput = form.querySelector('input[name="poignee:int"]');
    var trumps = trumpsInput && trumpsInput.value !== "" ? Number(trumpsInput.value) : 0;
    if (trumps) {
      var limits = numbers(d.poigneeTrumps), bonuses = numbers(d.poigneeBonus), bonus = 0;
      for (var i = 0; i < limits.length; i++) { if (trumps >= limits[i]) { bonus = bonuses[i]; } }
      if (bonus) { score += made ? bonus : -bonus; formula += (made ? " + " : " − ") + bonus; }
    }
    var chelem = checked(form, "chelem:str");
    if (chelem && chelem.value) {
      var extra = pairs(d.chelemBonus)[chelem.value] || 0;
      score += extra;
      formula += (extra >= 0 ? " + " : " − ") + Math.abs(extra);
    }
    var alone = form.querySelector('input[type="checkbox"][name="alone:bool"]');
    var share = Number(alone && alone.checked ? d.aloneShare : d.takerShare);
    var sign = function (n) { return n < 0 ? "−" + Math.abs(n) : String(n); };
    formula += " = " + sign(score);
    var sentence = fill(made ? d.made : d.lost, {
      contract: contract.dataset.name, oudlers: oudlers.value,
      points: pointsInput.value + (half ? "½" : ""), difference: difference, formula: formula
    });
    out.textContent = sentence + " (" + fill(d.shares, { taker: sign(share * score), each: sign(-score) }) + ")";
  }
  function init(root) {
    (root || document).querySelectorAll("[data-tarot-form]").forEach(function (box) {
      if (box.dataset.tarotReady) { return; }
      box.dataset.tarotReady = "1";
      var form = box.closest("form") || box;
      form.addEventListener("input", function () { update(box); });
      form.addEventListener("change", function () { update(box); });
      update(box);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { init(); });
  document.addEventListener("htmx:afterSwap", function (event) { init(event.target); });
  init();
})();
