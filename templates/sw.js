// Companion's service worker: keeps the app shell (static files, the offline page), never
// table data. A page always comes from the server; with no network the phone shows the
// offline page in the app's own words instead of the browser's error.
"use strict";
var CACHE = "companion-shell-{{ version }}";
var SHELL = {{ shell|safe }};
var OFFLINE = SHELL[0];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("companion-shell-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf("/static/") === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") {
    // pages are never kept: the network, or the offline page when there is none
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE); }));
    return;
  }
  var url = new URL(request.url);
  if (isStatic(url)) {
    // static names carry their content's hash: a kept copy is always right
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    }));
  }
  // everything else (live sheet, streams, versions, forms) goes straight to the server
});
