// Rounds saved without a connection: kept on the phone, shown as waiting, sent when it returns.
//
// Interface with the scoresheet (all the round form has to keep, whoever redesigns it):
//   - the form is form#round-form inside #sheet, posting to its action URL;
//   - it carries hidden inputs idempotency_key and number (the deal the phone shows);
//   - the server answers an htmx POST with the #sheet fragment: 200 stored (or already stored
//     under that key), 400 refused (the fragment holds the form with the errors), 409 when that
//     deal was stored meanwhile (stale_round), or the key was spent.
//   - the page holds [data-offline-texts] (live/offline_texts.html): this script's sentences,
//     translated by Django.
// A save is queued instead of sent when the phone is offline, or when sending it fails. The
// queue lives in localStorage (it survives a reload and a closed browser), each round with its
// idempotency key and deal number, so a send that did reach the server is never stored twice.
(function () {
  "use strict";

  var STORE = "scoreblok.pending-rounds";
  var RETRY = 5000;
  var SENT_SHOWN = 20000; // how long "sent" stays on screen, unless the next round comes first
  var sending = false;
  var sent = { numbers: [], page: null, until: 0, reveal: false }; // what the last flush stored

  function load() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "[]");
    } catch (error) {
      return [];
    }
  }
  function save(items) {
    localStorage.setItem(STORE, JSON.stringify(items));
  }
  function texts() {
    var holder = document.querySelector("[data-offline-texts]");
    return holder ? holder.dataset : {};
  }
  function fill(text, number) {
    return (text || "").replace("{number}", number);
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    return Date.now().toString(16) + Math.random().toString(16).slice(2);
  }

  // What was typed, as words the scorer recognises: one line per entry of the form.
  function summary(form) {
    var lines = [];
    form.querySelectorAll("fieldset").forEach(function (fieldset) {
      var legend = fieldset.querySelector("legend");
      var parts = [];
      fieldset.querySelectorAll("input, select").forEach(function (input) {
        if (input.type === "hidden" || input.closest("fieldset") !== fieldset) return;
        var label = input.closest("label");
        var name = label ? label.textContent.trim() : input.name;
        if (input.type === "checkbox" || input.type === "radio") {
          if (input.checked) parts.push(name);
        } else if (input.value !== "") {
          parts.push(name.replace(input.value, "").trim() + " " + input.value);
        }
      });
      if (parts.length) lines.push((legend ? legend.textContent.trim() + ": " : "") + parts.join(", "));
    });
    return lines;
  }

  // Whether anything was typed: a second tap on Save after a round was kept finds the form
  // emptied for the next deal, and an empty deal is not kept.
  function typedIn(form) {
    return Array.from(form.querySelectorAll("input[type=number]")).some(function (input) {
      return input.value !== "";
    });
  }

  // The box of waiting rounds, brought into view: the scorer's finger is on Save, far below.
  function showKept() {
    var box = document.querySelector("[data-pending-rounds]");
    if (box) box.scrollIntoView({ block: "start" });
  }

  function queue(form) {
    if (!typedIn(form)) {
      showKept();
      return;
    }
    var data = new FormData(form);
    var action = form.getAttribute("action");
    var items = load();
    var shown = parseInt(data.get("number"), 10) || 0;
    var number = items
      .filter(function (item) { return item.action === action; })
      .reduce(function (highest, item) { return Math.max(highest, item.number + 1); }, shown);
    data.set("number", String(number));
    // A page kept by the service worker holds the key it was served with: a second round typed
    // on it must not reuse the key of the first one still waiting.
    var key = data.get("idempotency_key");
    if (!key || items.some(function (item) { return item.key === key; })) key = newKey();
    data.set("idempotency_key", key);
    items.push({
      key: key,
      action: action,
      page: location.pathname,
      number: number,
      body: new URLSearchParams(data).toString(),
      summary: summary(form),
      state: "pending",
    });
    save(items);
    // The form is free for the next deal, with a key of its own.
    form.reset();
    delete form.dataset.dirty;
    form.querySelector("[name=idempotency_key]").value = newKey();
    form.querySelector("[name=number]").value = String(number + 1);
    var heading = form.querySelector("h2");
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number + 1));
    var notice = form.querySelector("[data-offline]");
    if (notice) notice.hidden = true;
    render();
    showKept();
  }

  function roundForm(element) {
    var form = element && element.closest ? element.closest("form") : null;
    return form && form.id === "round-form" ? form : null;
  }

  // Offline: keep the round instead of letting htmx (or the browser) try to send it.
  document.addEventListener(
    "submit",
    function (event) {
      var form = roundForm(event.target);
      if (!form || navigator.onLine) return;
      event.preventDefault();
      event.stopPropagation();
      queue(form);
    },
    true
  );
  // "Online" but the request never arrived (a room's Wi-Fi without internet): keep it too.
  document.addEventListener("htmx:sendError", function (event) {
    var form = roundForm(event.detail.elt);
    if (form) queue(form);
  });

  function button(label, onClick) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "button";
    element.textContent = label;
    element.addEventListener("click", onClick);
    return element;
  }

  // The rounds that waited are stored: said where the waiting box was, until the next round
  // or SENT_SHOWN (the sheet is swapped by htmx meanwhile: each render puts it back).
  function renderSent(sheet, anchor) {
    var old = document.querySelector("[data-sent-rounds]");
    var shown = sheet && sent.page === location.pathname && Date.now() <= sent.until && sent.numbers.length;
    var t = texts();
    var text = shown ? fill(sent.numbers.length > 1 ? t.sentMany : t.sentOne, sent.numbers.join(", ")) : "";
    // Left where it is when nothing changed: a status line made again is read out again.
    if (old && shown && sheet.contains(old) && old.textContent === text) return;
    if (old) old.remove();
    if (!shown) return;
    var line = document.createElement("p");
    line.className = "sent-rounds";
    line.setAttribute("data-sent-rounds", "");
    line.setAttribute("role", "status");
    line.textContent = text;
    if (anchor) anchor.parentNode.insertBefore(line, anchor);
    else sheet.appendChild(line);
  }

  function render() {
    var sheet = document.getElementById("sheet");
    renderSent(sheet, sheet && (sheet.querySelector("#round-form") || sheet.querySelector(".grid-wrap")));
    if (sheet) {
      sheet.querySelectorAll("tr.live-conflict").forEach(function (row) { row.classList.remove("live-conflict"); });
    }
    var old = document.querySelector("[data-pending-rounds]");
    if (old) old.remove();
    var mine = load().filter(function (item) { return item.page === location.pathname; });
    if (!sheet || !mine.length) return;
    var t = texts();
    var box = document.createElement("section");
    box.className = "pending-rounds";
    box.setAttribute("data-pending-rounds", "");
    box.setAttribute("role", "status");
    var title = document.createElement("h2");
    title.textContent = t.title || "";
    box.appendChild(title);
    mine.forEach(function (item) {
      var entry = document.createElement("div");
      entry.className = "pending-round " + item.state;
      entry.setAttribute("data-pending", String(item.number));
      var head = document.createElement("p");
      var says = { conflict: t.conflict, login: t.login, failed: t.failed }[item.state] || t.pending;
      head.textContent = fill(says, item.number);
      entry.appendChild(head);
      var list = document.createElement("ul");
      item.summary.forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line;
        list.appendChild(li);
      });
      entry.appendChild(list);
      if (item.state === "conflict" || item.state === "failed") {
        var actions = document.createElement("div");
        actions.className = "actions";
        if (item.state === "conflict" && item.next) {
          actions.appendChild(
            button(fill(t.asNext, item.next), function () { resolve(item.key, item.next); })
          );
        }
        actions.appendChild(button(t.discard || "×", function () { resolve(item.key, null); }));
        entry.appendChild(actions);
        var stored = sheet.querySelector(".grid tbody tr:nth-child(" + item.number + ")");
        if (item.state === "conflict" && stored) stored.classList.add("live-conflict");
      }
      box.appendChild(entry);
    });
    var anchor = sheet.querySelector("#round-form") || sheet.querySelector(".grid-wrap");
    if (anchor) anchor.parentNode.insertBefore(box, anchor);
    else sheet.appendChild(box);
  }

  // The scorer chose: drop theirs, or enter it after the round stored meanwhile. A 409 stored
  // nothing under the old key, so the retry gets a new one (the old may be spent).
  function resolve(key, next) {
    var items = load();
    var kept = [];
    items.forEach(function (item) {
      if (item.key !== key) return kept.push(item);
      if (next === null) return;
      var body = new URLSearchParams(item.body);
      var fresh = newKey();
      body.set("number", String(next));
      body.set("idempotency_key", fresh);
      kept.push(Object.assign({}, item, { key: fresh, number: next, body: body.toString(), state: "pending" }));
    });
    save(kept);
    render();
    flush();
  }

  function update(key, changes) {
    save(
      load().map(function (item) { return item.key === key ? Object.assign({}, item, changes) : item; })
    );
  }
  function remove(key) {
    save(load().filter(function (item) { return item.key !== key; }));
  }

  function refreshSheet() {
    var sheet = document.getElementById("sheet");
    var form = sheet && sheet.querySelector("#round-form");
    if (!sheet || !window.htmx || (form && form.dataset.dirty)) return Promise.resolve(false);
    sent.reveal = true; // once the fresh sheet has settled (htmx:afterSettle)
    return window.htmx.ajax("GET", location.pathname, { target: "#sheet", swap: "outerHTML" });
  }

  function swapSheet(html) {
    var sheet = document.getElementById("sheet");
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var fresh = holder.content.querySelector("#sheet");
    if (!sheet || !fresh) return;
    sheet.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
  }

  function send(item) {
    var csrf = new URLSearchParams(item.body).get("csrfmiddlewaretoken") || "";
    return fetch(item.action, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
        "X-CSRFToken": csrf,
      },
    }).then(function (response) {
      if (response.redirected) {
        update(item.key, { state: "login" }); // the session ended: nothing stored, nothing lost
        return "stop";
      }
      if (response.ok) {
        remove(item.key);
        if (item.page === location.pathname) {
          sent.numbers.push(item.number);
          sent.page = item.page;
          sent.until = Date.now() + SENT_SHOWN;
        }
        return "stored";
      }
      if (response.status === 409) {
        return response.text().then(function (html) {
          var holder = document.createElement("template");
          holder.innerHTML = html;
          var next = holder.content.querySelector("#round-form [name=number]");
          update(item.key, { state: "conflict", next: next ? parseInt(next.value, 10) : null });
          return "stop";
        });
      }
      if (response.status === 400) {
        // Refused by the rules: the answer is the form holding what was typed, with the reason.
        if (item.page !== location.pathname) return "later";
        return response.text().then(function (html) {
          remove(item.key);
          swapSheet(html);
          return "stop";
        });
      }
      if (response.status === 403 || response.status === 404) {
        update(item.key, { state: "failed" });
        return "next";
      }
      return "later"; // a server error: try again later, the key keeps it single
    });
  }

  function flush() {
    if (sending || !navigator.onLine) return;
    var waiting = load().filter(function (item) { return item.state === "pending" || item.state === "login"; });
    if (!waiting.length) return;
    sending = true;
    sent.numbers = [];
    var stored = false;
    var blocked = {};
    waiting
      .reduce(function (chain, item) {
        return chain.then(function () {
          if (blocked[item.action]) return;
          return send(item).then(function (outcome) {
            if (outcome === "stored") stored = true;
            else if (outcome !== "next") blocked[item.action] = true; // keep the order of deals
          });
        });
      }, Promise.resolve())
      .catch(function () {}) // still no connection: the rounds stay, next try later
      .then(function () {
        sending = false;
        return stored || Object.keys(blocked).length ? refreshSheet() : null;
      })
      .then(function (swapped) {
        render();
        if (swapped === false) reveal(); // the sheet stays (a round half typed): no settle comes
      }, render);
  }

  window.addEventListener("online", flush);
  setInterval(flush, RETRY);
  document.addEventListener("DOMContentLoaded", function () {
    render();
    flush();
  });
  // The sheet grew by the rounds sent, and the page kept its scroll: the word that they went is
  // brought into view once, when the fresh sheet has settled.
  function reveal() {
    var line = sent.reveal && document.querySelector("[data-sent-rounds]");
    sent.reveal = false;
    if (line) line.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("htmx:afterSettle", function () {
    render();
    reveal();
  });
  // A new round sent by hand: the news of the ones sent before is old.
  document.addEventListener("submit", function (event) {
    if (event.target.id === "round-form") {
      sent.numbers = [];
      renderSent(null, null);
    }
  });

  var PAGE_CACHE = "scoreblok-pages";

  // Logging out leaves no copy of the club's pages on a shared phone.
  document.addEventListener("submit", function (event) {
    var action = event.target.getAttribute && event.target.getAttribute("action");
    if (action && action.indexOf("/logout") !== -1 && window.caches) caches.delete(PAGE_CACHE);
  });
})();
