// The round said out loud: the microphone key beside the quick-entry line, shown only where the
// browser can listen (the Web Speech API). What it hears goes into the line, which is then sent
// as a typed one is: the server reads it and answers the round form filled in, for the table to
// check and save. Nothing here saves a round. Without this script the line is typed.
(function () {
  "use strict";
  // htmx runs this script again with every swapped-in sheet: listen once.
  if (window.scoreblokSpeech) return;
  window.scoreblokSpeech = true;

  const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  let listening = null;

  function showKeys(root) {
    if (!Recognition || !root.querySelectorAll) return;
    root.querySelectorAll("[data-speech]").forEach(function (key) { key.hidden = false; });
  }

  function tell(form, text) {
    const status = form.querySelector("[data-speech-status]");
    if (!status) return;
    status.textContent = text;
  }

  document.addEventListener("click", function (event) {
    const key = event.target.closest ? event.target.closest("[data-speech]") : null;
    if (!key || !Recognition) return;
    if (listening) {  // a second tap: stop, and send what was heard so far
      listening.stop();
      return;
    }
    const form = key.closest("form");
    const line = form.querySelector("input[name=line]");
    const status = form.querySelector("[data-speech-status]");
    const recognition = new Recognition();
    recognition.lang = key.dataset.lang || document.documentElement.lang || "en";
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
    let heard = "";
    recognition.onresult = function (result) {
      heard = Array.from(result.results).map(function (part) { return part[0].transcript; }).join(" ");
      line.value = heard;
    };
    recognition.onerror = function (failure) {
      const refused = failure.error === "not-allowed" || failure.error === "service-not-allowed";
      tell(form, refused ? status.dataset.micRefused : status.dataset.unheard);
    };
    recognition.onend = function () {
      listening = null;
      key.setAttribute("aria-pressed", "false");
      if (heard.trim()) form.requestSubmit();
      else if (status.textContent === status.dataset.listening) tell(form, status.dataset.unheard);
    };
    listening = recognition;
    key.setAttribute("aria-pressed", "true");
    tell(form, status.dataset.listening);
    recognition.start();
  });

  // A round saved: the line that filled it in is done with. (Before the swap: the answer
  // replaces the round form, whose later events no longer reach the document.)
  document.addEventListener("htmx:beforeSwap", function (event) {
    // The element that asked (detail.elt is the target here, the round form for both forms).
    const source = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (!source || source.id !== "round-form" || status < 200 || status >= 300) return;
    const quick = document.getElementById("quick-entry");
    if (!quick) return;
    quick.querySelector("input[name=line]").value = "";
    tell(quick, "");
  });

  showKeys(document);
  document.addEventListener("htmx:load", function (event) { showKeys(event.target); });
})();
