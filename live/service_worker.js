// Scoreblok's service worker (served at /sw.js; the view puts SHELL and VERSION above this line).
//
// - The app shell (CSS, scripts, icons, the offline page) is kept from the first visit on, and
//   served from the cache at once while a fresh copy is fetched for the next page.
// - Pages are fetched from the network first; a copy of each page opened is kept, and shown when
//   there is no connection (the open scoresheet survives a reload in a room without Wi-Fi). A
//   page never opened here gets the offline page.
// - Everything else (htmx fragments, live refreshes, every POST) goes to the network untouched:
//   a round saved offline is kept by offline.js, not here.
"use strict";

const SHELL_CACHE = "scoreblok-shell-" + VERSION;
const PAGE_CACHE = "scoreblok-pages";
const OFFLINE = SHELL[SHELL.length - 1];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("scoreblok-shell-") && name !== SHELL_CACHE)
            .map((name) => caches.delete(name))
        )
      )
      .then(() => self.clients.claim())
  );
});

function page(request) {
  return fetch(request)
    .then((response) => {
      // Only whole pages that opened fine (no redirect to the login page, no error page).
      if (response.ok && !response.redirected && response.type === "basic") {
        const copy = response.clone();
        // One copy per address (the page's Vary headers would otherwise let old copies pile up).
        caches
          .open(PAGE_CACHE)
          .then((cache) => cache.delete(request.url, { ignoreVary: true }).then(() => cache.put(request.url, copy)));
      }
      return response;
    })
    .catch(() =>
      caches
        .match(request, { ignoreVary: true, cacheName: PAGE_CACHE })
        .then((kept) => kept || caches.match(OFFLINE))
    );
}

// Stale-while-revalidate: the kept copy at once (fast, and offline), a fresh one for next time
// (static names carry no hash unless the storage adds one, so a deploy must still get through).
function shell(request) {
  return caches.open(SHELL_CACHE).then((cache) =>
    cache.match(request, { ignoreSearch: false }).then((kept) => {
      const fresh = fetch(request)
        .then((response) => {
          if (response.ok) cache.put(request, response.clone());
          return response;
        })
        .catch(() => kept);
      return kept || fresh;
    })
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(shell(request));
  }
});
