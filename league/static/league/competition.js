// The competition form: "best N" and the minimum attendance count evenings or matches, as
// "What counts" says. The server writes both wordings on each input (data-label-evenings,
// data-label-matches, and the same for the help); this swaps them when the choice changes, so
// nobody reads "best 8 evenings" while choosing matches. Without JavaScript the labels follow
// the choice the page was sent with (a refused form comes back worded for what was picked).
(function () {
  "use strict";

  function reword(form) {
    const counts = form.querySelector("[name$='counts']");
    if (!counts) return;
    form.querySelectorAll("[data-label-" + counts.value + "]").forEach(function (input) {
      const label = form.querySelector("label[for='" + input.id + "']");
      if (label) label.textContent = input.dataset["label" + counts.value[0].toUpperCase() + counts.value.slice(1)];
      const help = input.parentElement.querySelector(".help");
      if (help) help.textContent = input.dataset["help" + counts.value[0].toUpperCase() + counts.value.slice(1)];
    });
  }

  function wire() {
    document.querySelectorAll("form").forEach(function (form) {
      const counts = form.querySelector("[name$='counts']");
      if (!counts || counts.dataset.wired) return;
      counts.dataset.wired = "1";
      counts.addEventListener("change", function () { reword(form); });
    });
  }

  document.addEventListener("DOMContentLoaded", wire);
  if (document.readyState !== "loading") wire();
})();
