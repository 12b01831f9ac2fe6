// Live scoreboards: pages told of each change by the server, the TV's cycling pages, and the
// service worker.
//
// Interface (data attributes, all optional; a page without them is left alone):
//   [data-live-stream=URL]  on the element below that refreshes: its server-sent events stream
//       (live/streams.py). "changed" = refresh it once (as below), "gone" = the link was revoked
//       or the membership ended. A dropped stream comes back by itself; each time a stream
//       opens, the page refreshes once (what was sent while it was down is not sent again). A
//       stream that cannot open (refused, blocked, an old browser, a proxy that buffers) falls
//       back to refreshing every few seconds while the page is seen, and [data-live-paused]
//       says so. Connected, an idle page sends no request at all.
//   [data-live-board=URL] [data-live-version=V]  refresh: ask URL with If-None-Match: V; 304 =
//       unchanged, 200 = the new board, put inside the element. 404: the link was revoked
//       ([data-live-gone] is shown).
//   [data-live-watch=URL] [data-live-refresh=URL] [data-live-target=SELECTOR]  refresh: ask the
//       watch URL with the version found in the target's [data-live-version]; 204 = changed:
//       fetch the refresh URL (with htmx, as an htmx request) into the target. The scorer's own
//       sheet waits while a round is being typed (the save brings it up to date, or shows the
//       conflict), then refreshes. A watch address expires: the [data-live-version] element's
//       [data-live-watch-next] is a fresher one, used from then on. A 404 (expired, or the page
//       is gone) fetches the refresh URL once; if the watch still answers 404 with what came
//       back, the page stops refreshing. "gone" reloads the page once.
//   Without [data-live-stream], the element is refreshed every second (as before streams).
//   [data-tv-cycle]  its children are shown page by page when they do not fit the screen.
// Works without it: every page is complete as served; this only keeps it current.
(function () {
  "use strict";

  var EVERY = 1000; // ms between polls of a page without a stream, and before retrying a put-off refresh
  var SLOW = 7000; // ms between refreshes while the stream cannot open (only while the page is seen)
  var GIVE_UP = 2; // failed connections in a row before falling back to refreshing
  var RETRY_STREAM = 60000; // ms before a stream that could not be used is tried again
  var SILENT = 10000; // ms an answered stream may take to say its first words (else a proxy buffers it)
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

  // A refresh ("step") answers a promise of true once done (or nothing left to do), false when
  // it was put off (a round being typed, a save on its way, the network down): asked again soon.

  function boardStep(element, live) {
    return function () {
      return poll(element.dataset.liveBoard, element.dataset.liveVersion).then(function (response) {
        if (response.status === 304) return true;
        if (response.status === 404) {
          live.stop();
          var gone = document.querySelector("[data-live-gone]");
          if (gone) gone.hidden = false;
          return true;
        }
        if (!response.ok) return false;
        var tag = response.headers.get("ETag");
        return response.text().then(function (html) {
          element.innerHTML = html;
          if (tag) element.dataset.liveVersion = tag;
          showLatest(element);
          return true;
        });
      });
    };
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

  function watchStep(element, live) {
    var selector = element.dataset.liveTarget;
    var address = element.dataset.liveWatch;
    var renewing = false;
    function current() {
      return selector ? document.querySelector(selector) : element;
    }
    return function () {
      var target = current();
      if (!target) return Promise.resolve(true);
      if (typing(target) || asking()) return Promise.resolve(false);
      var version = versionOf(target);
      var holder = holderOf(target);
      if (holder && holder.dataset.liveWatchNext) address = holder.dataset.liveWatchNext;
      return poll(address, version).then(function (response) {
        if (response.status === 404) {
          if (renewing) { live.stop(); return true; }
          renewing = true;
        } else {
          renewing = false;
          if (response.status !== 204) return response.status === 304;
        }
        // Changed since the poll left: if a save's answer came back meanwhile, it is the newer
        // sheet (with its confirmation); asked again about that one.
        var now = current();
        if (!now || asking() || versionOf(now) !== version) return false;
        if (selector && window.htmx) {
          return window.htmx.ajax("GET", element.dataset.liveRefresh, { target: selector, swap: "outerHTML" })
            .then(function () { return true; });
        }
        return fetch(element.dataset.liveRefresh, { cache: "no-store", credentials: "same-origin" })
          .then(function (page) { return page.ok ? page.text() : null; })
          .then(function (html) {
            if (html === null) return false;
            target.innerHTML = html;
            cycle(target);
            return true;
          });
      });
    };
  }

  // Keeps one element current: refreshes it when its stream says "changed" (or, without a
  // stream, on a timer). A refresh asked while one runs, or while the page is hidden, is done
  // once after it, or once the page is seen again.
  function follow(element, makeStep, onGone) {
    var stale = false;
    var busy = false;
    var stopped = false;
    var source = null;
    var failures = 0;
    var polling = null;
    var paused = document.querySelector("[data-live-paused]");
    var live = {
      stop: function () {
        stopped = true;
        if (source) source.close();
        if (polling) clearInterval(polling);
      },
    };
    var step = makeStep(element, live);

    function refresh() {
      stale = true;
      if (busy || stopped || document.hidden) return;
      busy = true;
      stale = false;
      Promise.resolve()
        .then(step)
        .catch(function () { return false; }) // offline: try again
        .then(function (done) {
          busy = false;
          if (done === false) stale = true;
          if (stale) setTimeout(function () { if (stale) refresh(); }, done === false ? EVERY : 0);
        });
    }
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && stale) refresh();
    });

    function fallBack() {
      if (polling || stopped) return;
      if (paused) paused.hidden = false;
      polling = setInterval(function () { if (!document.hidden) refresh(); }, SLOW);
      refresh();
    }
    function connected() {
      failures = 0;
      if (polling) {
        clearInterval(polling);
        polling = null;
        refresh(); // what changed since the last refresh
      }
      if (paused) paused.hidden = true;
      try { sessionStorage.removeItem(RELOADED); } catch (error) { /* nothing kept */ }
    }
    function streamAddress() {
      var target = element.dataset.liveTarget ? document.querySelector(element.dataset.liveTarget) : element;
      var holder = target && holderOf(target);
      return (holder && holder.dataset.liveStreamNext) || element.dataset.liveStream;
    }
    // The stream cannot be used: refresh slowly instead, and try a new stream now and then.
    function giveUp(mine) {
      mine.close();
      if (source !== mine) return;
      source = null;
      fallBack();
      setTimeout(function () { if (!source) open(); }, RETRY_STREAM);
    }
    function open() {
      if (stopped) return;
      var mine = new EventSource(streamAddress());
      var silent = null;
      source = mine;
      mine.addEventListener("open", function () {
        // Answered, but a proxy that buffers would hold every event back: the stream's first
        // words come at once, or it is of no use.
        clearTimeout(silent);
        silent = setTimeout(function () { giveUp(mine); }, SILENT);
      });
      mine.addEventListener("stream-open", function () {
        clearTimeout(silent);
        connected();
        // The stream tells of changes from now on: anything before it (since the page was
        // drawn, or while a dropped stream was coming back) is fetched once.
        refresh();
      });
      mine.addEventListener("changed", refresh);
      mine.addEventListener("gone", function () {
        clearTimeout(silent);
        live.stop();
        onGone();
      });
      mine.addEventListener("error", function () {
        if (stopped || source !== mine) return;
        clearTimeout(silent);
        // Refused (404, 429, 503) or not a stream at all, the browser would not try again by
        // itself; a connection that fails again and again is not coming back soon.
        failures += 1;
        if (mine.readyState === EventSource.CLOSED || failures >= GIVE_UP) giveUp(mine);
      });
    }

    if (!element.dataset.liveStream) {
      polling = setInterval(function () { if (!document.hidden) refresh(); }, EVERY);
    } else if (window.EventSource) {
      open();
    } else {
      fallBack();
    }
  }

  function showGone() {
    var gone = document.querySelector("[data-live-gone]");
    if (gone) gone.hidden = false;
  }

  // Once: the page as it now is (a 404, a log-in, or the sheet without its live parts).
  var RELOADED = "scoreblok-live-gone:" + location.pathname;
  function reloadOnce() {
    var key = RELOADED;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch (error) { /* storage refused: reload anyway, once per page load */ }
    location.reload();
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
    document.querySelectorAll("[data-live-board]").forEach(function (element) {
      follow(element, boardStep, showGone);
    });
    document.querySelectorAll("[data-live-watch]").forEach(function (element) {
      follow(element, watchStep, reloadOnce);
    });
    document.querySelectorAll("[data-tv-cycle]").forEach(startCycling);
    showLatest(document);
  });
})();
