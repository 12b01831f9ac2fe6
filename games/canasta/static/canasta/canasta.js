// Canasta's counters: − and + buttons beside the canasta and red-three inputs. The inputs are
// plain number fields, so the form works without this script; it only shows and runs the buttons.
// A tap on a button leaves the focus (and the keyboard) in the field being typed into.
(function () {
  "use strict";
  // htmx runs this script again with every swapped-in form: listen once.
  if (window.scoreblokCanastaCounters) return;
  window.scoreblokCanastaCounters = true;

  // The packs hold so many red threes: once the sides' counts reach it, no side can have one
  // more, so every red-three "+" is off (typing stays free: the server says what is wrong).
  function capRedThrees(entry) {
    if (!entry || !entry.dataset.redThreesLimit) return;
    const limit = parseInt(entry.dataset.redThreesLimit, 10);
    const inputs = entry.querySelectorAll("input[name$='.red_threes:int']");
    let counted = 0;
    inputs.forEach(function (input) { counted += parseInt(input.value, 10) || 0; });
    inputs.forEach(function (input) {
      input.parentElement.querySelector("[data-step='1']").disabled = counted >= limit;
    });
  }

  function init(root) {
    root.querySelectorAll(".canasta-counter [data-step]").forEach(function (button) {
      button.hidden = false;
    });
    root.querySelectorAll(".canasta-entry").forEach(capRedThrees);
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[name$='.red_threes:int']")) {
      capRedThrees(event.target.closest(".canasta-entry"));
    }
  });

  document.addEventListener("mousedown", function (event) {
    if (event.target.closest(".canasta-counter [data-step]")) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest(".canasta-counter [data-step]");
    if (!button) return;
    const input = button.parentElement.querySelector("input");
    const value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = Math.max(0, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  init(document);
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
