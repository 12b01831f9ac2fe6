// Live scoreboards: pages that refresh themselves, the TV's cycling pages, and the service worker.
//
// Interface (data attributes, all optional; a page without them is left alone):
//   [data-live-board=URL] [data-live-version=V]  poll URL with If-None-Match: V; 304 = unchanged,
//       200 = the new board, put inside the element. 404: the link was revoked ([data-live-gone]).
//   [data-live-watch=URL] [data-live-refresh=URL] [data-live-target=SELECTOR]  poll the watch URL
//       with the version found in the target's [data-live-version]; 204 = changed: fetch the
//       refresh URL (with htmx, as an htmx request) into the target. The scorer's own sheet waits
//       while a round is being typed (the save brings it up to date, or shows the conflict).
//       A watch address expires: the [data-live-version] element's [data-live-watch-next] is a
//       fresher one, used from then on. A 404 (expired, or the page is gone) fetches the refresh
//       URL once; if the watch still answers 404 with what came back, the page stops polling.
//   [data-tv-cycle]  its children are shown page by page when they do not fit the screen.
// Works without it: every page is complete as served; this only keeps it current.
(function () {
  "use strict";

  var EVERY = 1000; // ms between refreshes: a stored round shows within ~2 s
  var CYCLE = 10000; // ms each TV page stays up

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  function poll(url, version) {
    var headers = { "X-Requested-With": "scoreblok-live" };
    if (version) headers["If-None-Match"] = version;
    return fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" });
  }

  function repeat(step) {
    var busy = false;
    setInterval(function () {
      if (busy || document.hidden) return;
      busy = true;
      Promise.resolve()
        .then(step)
        .catch(function () {}) // offline: try again next time
        .then(function () { busy = false; });
    }, EVERY);
  }

  function board(element) {
    var stopped = false;
    repeat(function () {
      if (stopped) return;
      return poll(element.dataset.liveBoard, element.dataset.liveVersion).then(function (response) {
        if (response.status === 304) return;
        if (response.status === 404) {
          stopped = true;
          var gone = document.querySelector("[data-live-gone]");
          if (gone) gone.hidden = false;
          return;
        }
        if (!response.ok) return;
        var tag = response.headers.get("ETag");
        return response.text().then(function (html) {
          element.innerHTML = html;
          if (tag) element.dataset.liveVersion = tag;
          showLatest(element);
        });
      });
    });
  }

  function typing(target) {
    var form = target.querySelector("#round-form");
    return !!(form && (form.dataset.dirty || form.contains(document.activeElement)));
  }

  // htmx requests under way (a save, an undo, a redo): their answer brings the sheet up to date
  // and says what was done, which a refresh landing after it would wipe.
  // (Kept by their requests, not counted by events: an answer whose element left the page
  // never tells the document it ended.)
  var sent = new Set();
  document.addEventListener("htmx:beforeSend", function (event) { sent.add(event.detail.xhr); });
  function asking() {
    sent.forEach(function (xhr) {
      if (xhr.readyState === XMLHttpRequest.DONE || xhr.readyState === XMLHttpRequest.UNSENT) sent.delete(xhr);
    });
    return sent.size > 0;
  }

  function holderOf(target) {
    return target.matches("[data-live-version]") ? target : target.querySelector("[data-live-version]");
  }

  function versionOf(target) {
    var holder = holderOf(target);
    return holder ? holder.dataset.liveVersion : "";
  }

  function watch(element) {
    var selector = element.dataset.liveTarget;
    var address = element.dataset.liveWatch;
    var renewing = false;
    var stopped = false;
    function current() {
      return selector ? document.querySelector(selector) : element;
    }
    repeat(function () {
      var target = current();
      if (stopped || !target || typing(target) || asking()) return;
      var version = versionOf(target);
      var holder = holderOf(target);
      if (holder && holder.dataset.liveWatchNext) address = holder.dataset.liveWatchNext;
      return poll(address, version).then(function (response) {
        if (response.status === 404) {
          if (renewing) { stopped = true; return; }
          renewing = true;
        } else {
          renewing = false;
          if (response.status !== 204) return;
        }
        // Changed since the poll left: if a save's answer came back meanwhile, it is the newer
        // sheet (with its confirmation); the next poll asks again about that one.
        var now = current();
        if (!now || asking() || versionOf(now) !== version) return;
        if (selector && window.htmx) {
          return window.htmx.ajax("GET", element.dataset.liveRefresh, { target: selector, swap: "outerHTML" });
        }
        return fetch(element.dataset.liveRefresh, { cache: "no-store", credentials: "same-origin" })
          .then(function (page) { return page.ok ? page.text() : null; })
          .then(function (html) {
            if (html === null) return;
            target.innerHTML = html;
            cycle(target);
          });
      });
    });
  }

  // A round form someone is filling in is theirs: no refresh replaces it under their fingers.
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("#round-form");
    if (form) form.dataset.dirty = "1";
  });

  // TV of one match: the newest rounds are the ones to see.
  function showLatest(root) {
    root.querySelectorAll("[data-tv-latest]").forEach(function (box) { box.scrollTop = box.scrollHeight; });
  }

  // TV of a club: as many tables as fit, then the next ones, in turn.
  var cycling = new WeakMap();
  function cycle(container) {
    if (!container.hasAttribute("data-tv-cycle")) return;
    var cards = Array.prototype.filter.call(container.children, function (child) {
      return child.classList.contains("tv-table");
    });
    cards.forEach(function (card) { card.hidden = false; });
    var height = container.clientHeight;
    var pages = [];
    var top = null;
    cards.forEach(function (card) {
      if (top === null || card.offsetTop + card.offsetHeight - top > height) {
        pages.push([]);
        top = card.offsetTop;
      }
      pages[pages.length - 1].push(card);
    });
    var state = cycling.get(container) || { page: 0 };
    cycling.set(container, state);
    state.pages = pages;
    if (state.page >= pages.length) state.page = 0;
    show(container, state);
  }
  function show(container, state) {
    var label = container.parentElement.querySelector("[data-tv-page]");
    state.pages.forEach(function (page, index) {
      page.forEach(function (card) { card.hidden = index !== state.page; });
    });
    if (label) {
      label.hidden = state.pages.length < 2;
      label.textContent = state.page + 1 + " / " + state.pages.length;
    }
  }
  function startCycling(container) {
    cycle(container);
    setInterval(function () {
      var state = cycling.get(container);
      if (!state || state.pages.length < 2) return;
      state.page = (state.page + 1) % state.pages.length;
      show(container, state);
    }, CYCLE);
    window.addEventListener("resize", function () { cycle(container); });
  }

  // The share page: Copy, and the phone's share sheet where the browser has one.
  function shareActions(actions) {
    actions.hidden = false;
    var send = actions.querySelector("[data-web-share]");
    if (send && navigator.share) send.hidden = false;
  }
  document.addEventListener("click", function (event) {
    var copy = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (copy) {
      var field = document.getElementById(copy.dataset.copy);
      var said = copy.parentElement.querySelector("[data-copied]");
      var done = function () { if (said) said.textContent = said.dataset.copiedText; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          field.select();
          if (document.execCommand("copy")) done();
        });
      } else {
        field.select();
        if (document.execCommand("copy")) done();
      }
      return;
    }
    var send = event.target.closest ? event.target.closest("[data-web-share]") : null;
    if (send && navigator.share) {
      navigator.share({ title: send.dataset.shareTitle, url: send.dataset.shareUrl }).catch(function () {});
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-share-actions]").forEach(shareActions);
    document.querySelectorAll("[data-live-board]").forEach(board);
    document.querySelectorAll("[data-live-watch]").forEach(watch);
    document.querySelectorAll("[data-tv-cycle]").forEach(startCycling);
    showLatest(document);
  });
})();
