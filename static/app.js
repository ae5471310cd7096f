// Companion's small helpers. No inline script anywhere (the CSP forbids it).
(function () {
  "use strict";
  var pollTimer = null;

  // A button built in script (no inline script or style): type, classes, words, one data flag.
  function makeButton(type, className, text, flag) {
    var button = document.createElement("button");
    button.type = type;
    button.className = className;
    button.textContent = text;
    if (flag) { button.setAttribute(flag, ""); }
    return button;
  }

  function poll() {
    document.querySelectorAll("[hx-trigger*='poll']").forEach(function (el) {
      if (window.htmx) { window.htmx.trigger(el, "poll"); }
    });
  }
  function startPolling() { if (!pollTimer) { pollTimer = window.setInterval(poll, 3000); } }
  function stopPolling() { if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; } }

  // Live updates come by server-sent events; when the stream drops, fall back to polling.
  document.addEventListener("htmx:sseOpen", stopPolling);
  document.addEventListener("htmx:sseError", startPolling);
  document.addEventListener("htmx:sseClose", startPolling);
  if (!("EventSource" in window)) { startPolling(); }

  // The "±" button flips the sign of a score (phone keypads often have no minus key).
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-negate]");
    if (button) {
      var input = document.getElementById(button.getAttribute("data-negate"));
      if (input) {
        var text = input.value.trim();
        input.value = text.charAt(0) === "-" ? text.slice(1) : "-" + text;
        input.focus();
      }
      return;
    }
    var close = event.target.closest("[data-close]");
    if (close) {
      var box = document.getElementById(close.getAttribute("data-close"));
      if (box) { event.preventDefault(); box.innerHTML = ""; }
    }
  });

  // Keep the phone's screen awake on table pages, where the browser allows it.
  var wakeLock = null;
  function keepAwake() {
    if (!document.body || !document.body.hasAttribute("data-wakelock")) { return; }
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") { return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.body.setAttribute("data-awake", "1");
      lock.addEventListener("release", function () { document.body.removeAttribute("data-awake"); });
    }).catch(function () { /* not allowed now: try again on the next visit */ });
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // On the start page, show only as many name fields as there are players.
  function syncNames() {
    var players = document.querySelector("#new-table [name=players]");
    if (!players) { return; }
    var n = parseInt(players.value, 10) || 0;
    document.querySelectorAll("#new-table .name-field").forEach(function (field) {
      field.hidden = parseInt(field.getAttribute("data-seat"), 10) >= n;
    });
  }
  // "I am the player in seat 1" reads "I am Ann" once seat 1's name is typed.
  function syncMe() {
    var words = document.getElementById("me-words");
    var name = document.querySelector("#new-table [name=name-0]");
    if (!words || !name) { return; }
    var typed = name.value.trim();
    words.textContent = typed ? "I am " + typed : "I am the player in seat 1";
  }
  document.addEventListener("input", function (event) {
    if (event.target.name === "players") { syncNames(); }
    if (event.target.name === "name-0") { syncMe(); }
  });
  document.addEventListener("DOMContentLoaded", syncNames);
  document.addEventListener("DOMContentLoaded", syncMe);
  window.companionWakeLock = function () { return wakeLock; };

  // Unsent taps on a card form (data-persist="<key>") survive a live redraw of the page:
  // each game saves its own fields, the chosen leader is kept here, and sending clears them.
  window.companionPersist = {
    save: function (form, data) {
      var key = form.getAttribute("data-persist");
      if (!key || !window.sessionStorage) { return; }
      var leader = form.querySelector("[name=leader]:checked");
      if (leader) { data.leader = leader.value; }
      window.sessionStorage.setItem(key, JSON.stringify(data));
    },
    load: function (form) {
      var key = form.getAttribute("data-persist");
      var raw = key && window.sessionStorage ? window.sessionStorage.getItem(key) : null;
      if (!raw) { return null; }
      var data = JSON.parse(raw);
      if (data.leader) {
        var radio = form.querySelector("[name=leader][value='" + data.leader + "']");
        if (radio) { radio.checked = true; }
      }
      return data;
    }
  };
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var key = form.getAttribute && form.getAttribute("data-persist");
    if (key && window.sessionStorage) { window.sessionStorage.removeItem(key); }
  }, true);

  // A live update redraws the sheet and, when the round moved on, the entry box (sent out of
  // band with the sheet): keep what this phone has typed (same round only) and keep an open
  // history panel open.
  var typed = null;
  var historyOpen = false;
  function captureTyped() {
    var box = document.getElementById("entry-box");
    var form = box ? box.querySelector("#entry-form") : null;
    typed = { action: form ? form.getAttribute("action") : null, values: {} };
    if (!box) { return; }
    box.querySelectorAll("input[name^='points-']").forEach(function (input) {
      if (input.value !== input.defaultValue) { typed.values[input.name] = input.value; }
    });
  }
  function restoreTyped() {
    var box = document.getElementById("entry-box");
    var form = box ? box.querySelector("#entry-form") : null;
    if (!typed || !form || form.getAttribute("action") !== typed.action) { return; }
    Object.keys(typed.values).forEach(function (name) {
      var input = form.querySelector("[name='" + name + "']");
      if (input) { input.value = typed.values[name]; }
    });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var box = event.detail.target;
    if (box && box.id === "live") {
      var details = document.getElementById("history");
      historyOpen = !!(details && details.open);
      captureTyped();
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target;
    if (box && box.id === "live" && historyOpen) {
      var details = document.getElementById("history");
      if (details) { details.open = true; }
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "entry-box") { restoreTyped(); }
  });

  // A box the player opened in the entry box ("Open Ann's choice by hand", say) stays open
  // when another phone's change redraws the entry box around it, if the redrawn box has the
  // same title; this phone's own answers draw the box as the server says.
  var entryOpen = null;
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var box = event.detail.target;
    if (!box || box.id !== "entry-box") { return; }
    entryOpen = [];
    box.querySelectorAll("details[open] > summary").forEach(function (summary) {
      entryOpen.push(summary.textContent);
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var box = event.detail.target;
    if (!box || box.id !== "entry-box" || !entryOpen) { return; }
    var titles = entryOpen;
    entryOpen = null;
    box.querySelectorAll("details:not([open]) > summary").forEach(function (summary) {
      if (titles.indexOf(summary.textContent) >= 0) { summary.parentNode.open = true; }
    });
  });

  // The seat panels (host card, "you" card, join panel) are redrawn whenever a phone sits,
  // leaves or is renamed: what this phone typed in them (a new seat's name, its own new name),
  // the field it was typing in and an open box whose title is unchanged come through the redraw.
  var SEAT_PANELS = ["host-slot", "you-slot", "join-top", "join-bottom"];
  var panelKept = null;
  function isSeatPanel(event) {
    var target = event.detail && event.detail.target;
    return !!target && SEAT_PANELS.indexOf(target.id) >= 0;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (!isSeatPanel(event)) { return; }
    var target = event.detail.target, active = document.activeElement;
    panelKept = { values: [], open: [], focus: null };
    target.querySelectorAll("form[id] input:not([type=hidden]), form[id] textarea").forEach(function (field) {
      var spot = { form: field.form.id, name: field.name };
      if (field.value !== field.defaultValue) { spot.value = field.value; panelKept.values.push(spot); }
      if (field === active) {
        panelKept.focus = spot;
        spot.start = field.selectionStart;
        spot.end = field.selectionEnd;
      }
    });
    target.querySelectorAll("details[id][open] > summary").forEach(function (summary) {
      panelKept.open.push({ id: summary.parentNode.id, title: summary.textContent });
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (!isSeatPanel(event) || !panelKept) { return; }
    var kept = panelKept;
    panelKept = null;
    function field(spot) {
      var form = document.getElementById(spot.form);
      return form && form.elements ? form.elements.namedItem(spot.name) : null;
    }
    kept.values.forEach(function (spot) {
      var input = field(spot);
      if (input && "value" in input) { input.value = spot.value; }
    });
    kept.open.forEach(function (box) {
      var details = document.getElementById(box.id);
      var summary = details && details.querySelector("summary");
      if (summary && summary.textContent === box.title) { details.open = true; }
    });
    var input = kept.focus && field(kept.focus);
    if (input && input.focus) {
      input.focus();
      try { input.setSelectionRange(kept.focus.start, kept.focus.end); } catch (e) { /* not text */ }
    }
  });

  // Every refusal shows on the phone that made it (errors.py answers htmx with a notice for
  // #refusal). It stays until dismissed or until this phone's next change goes through; live
  // redraws (GET requests) leave it alone.
  var SERVER_TROUBLE = "Something went wrong on the server. Try again in a moment.";
  var NOT_SENT = "That did not reach the server. Check the connection and try again.";
  function showRefusal(text) {
    var area = document.getElementById("refusal");
    if (!area) { return; }
    var box = document.createElement("div");
    box.className = "refusal";
    box.setAttribute("role", "alert");
    var words = document.createElement("p");
    words.className = "refusal-text";
    var title = document.createElement("strong");
    title.textContent = "That did not work.";
    words.appendChild(title);
    words.appendChild(document.createTextNode(" " + text));
    var close = makeButton("button", "button small refusal-close", "Dismiss");
    close.setAttribute("data-close", "refusal");
    box.appendChild(words);
    box.appendChild(close);
    area.replaceChildren(box);
  }
  function isChange(event) {
    var config = event.detail.requestConfig;
    return !!config && config.verb && config.verb !== "get";
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    var own = xhr && xhr.getResponseHeader("HX-Retarget");
    if (xhr && xhr.status >= 400 && xhr.status !== 409 && xhr.status !== 422 && !own) {
      // Not from our error handler (a proxy's page, say): plain words instead of its page.
      event.detail.shouldSwap = false;
      if (isChange(event)) { showRefusal(SERVER_TROUBLE); }
    }
  });
  // A refusal is aimed at #refusal from the element that asked; when a live update has
  // replaced that element meanwhile (a slow network), htmx cannot find the spot and shows
  // nothing: the answer is put there from here instead.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt, xhr = event.detail.xhr;
    if (!xhr || !elt || !isChange(event)) { return; }
    xhr.addEventListener("load", function () {
      if (elt.isConnected || xhr.status < 400 || !xhr.getResponseHeader("HX-Retarget")) { return; }
      var area = document.getElementById("refusal");
      if (area) { area.innerHTML = xhr.responseText; }
    });
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (isChange(event)) { showRefusal(NOT_SENT); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (isChange(event) && xhr && xhr.status >= 200 && xhr.status < 300) {
      var area = document.getElementById("refusal");
      if (area) { area.innerHTML = ""; }
    }
  });

  // A message in #edit-box ("The last change was undone.", "Round 1 changed; totals
  // updated.") says what this phone's last action did: it clears at this phone's next action
  // (any request but a live redraw) or after a while, never lingering into later rounds.
  var MESSAGE_MS = 10000, messageTimer = null;
  function editMessage() {
    var box = document.getElementById("edit-box");
    return box && !box.querySelector("form") && box.querySelector(".notice") ? box : null;
  }
  function clearMessage() {
    window.clearTimeout(messageTimer);
    var box = editMessage();
    if (box) { box.innerHTML = ""; }
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target;
    if (!box || box.id !== "edit-box" || !editMessage()) { return; }
    window.clearTimeout(messageTimer);
    messageTimer = window.setTimeout(clearMessage, MESSAGE_MS);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id !== "live") { clearMessage(); }
  });

  // A form sent back with its input kept (409 changed meanwhile, 422 refused) says why at its
  // top, often far above the button the person tapped: bring that message into sight.
  function showAlert(box) {
    var alerts = box && box.querySelectorAll ? box.querySelectorAll("[role=alert]") : [];
    var alert = Array.prototype.filter.call(alerts, function (a) {
      return a.offsetParent !== null && a.textContent.trim();  // shown, and saying something
    })[0];
    if (!alert) { return; }
    var spot = alert.getBoundingClientRect();
    var high = window.innerHeight || document.documentElement.clientHeight;
    if (spot.top < 0 || spot.bottom > high) { alert.scrollIntoView({ block: "center" }); }
  }
  document.addEventListener("htmx:afterSettle", function (event) {  // after htmx's own focus
    var xhr = event.detail.xhr;
    if (!isChange(event) || !xhr || (xhr.status !== 409 && xhr.status !== 422)) { return; }
    if (xhr.getResponseHeader("HX-Retarget")) { return; }  // the floating refusal box
    showAlert(event.detail.target);
  });

  // This phone's own move answered with its entry box again: the line saying what was just
  // recorded (.saved) stays in sight, however the redraw moved the page (a word made at the
  // foot of a long box used to leave the page at its bottom, the line off screen).
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr, box = event.detail.target;
    if (!isChange(event) || !xhr || xhr.status >= 300 || !box || box.id !== "entry-box") { return; }
    var saved = box.querySelector(".saved[role=status]");
    if (!saved) { return; }
    var spot = saved.getBoundingClientRect(), high = window.innerHeight || 0;
    var bar = document.querySelector("header"), top = bar ? bar.getBoundingClientRect().bottom : 0;
    if (spot.top >= top && spot.bottom <= high) { return; }
    window.scrollTo(0, Math.max(0, spot.top + window.scrollY - top - 8));
  });

  // Messages sent out of band into the toast fade after a few seconds.
  var toastTimer = null;
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "toast") {
      window.clearTimeout(toastTimer);
      toastTimer = window.setTimeout(function () {
        var toast = document.getElementById("toast");
        if (toast) { toast.innerHTML = ""; }
      }, 4000);
    }
  });

  // ---- A live redraw never throws away a form being filled (table protocol, rule 2) ----
  // A form in the entry box holds unsent input once the person types, changes or taps in it
  // (or a refusal sent it back with their input). While one does, the entry box that a live
  // update sends out of band is not swapped in: a note says so, and "Show the latest" swaps
  // in the newest one that came. This phone's own requests redraw the box as usual.
  var heldEntry = null;
  function markUnsent(el) {
    var form = el && el.closest ? el.closest("#entry-box form") : null;
    if (form) { form.setAttribute("data-unsent", "1"); }
  }
  document.addEventListener("input", function (event) { markUnsent(event.target); });
  document.addEventListener("change", function (event) { markUnsent(event.target); });
  document.addEventListener("click", function (event) {
    markUnsent(event.target.closest && event.target.closest("button[type=button]"));
  });
  // The seat this phone has (``data-seat`` on the box, "" for none): when the host frees it
  // while a form is being filled, the form is kept, and the note says the seat is gone; when
  // nothing was being filled, the new box comes in with a line saying why it changed.
  var heldSeat = null, seatGoneNote = false;
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var box = event.detail.target;
    if (!seatGoneNote || !box || box.id !== "entry-box") { return; }
    seatGoneNote = false;
    var note = document.createElement("p");
    note.id = "seat-gone";
    note.className = "notice";
    note.setAttribute("role", "status");
    note.textContent = "The host freed your seat: this phone now follows the table as a watcher.";
    box.insertBefore(note, box.firstChild);
  });
  function heldNote(box, seatGone) {
    var old = box.querySelector("#entry-held");
    if (old && !(seatGone && !old.hasAttribute("data-seat-gone"))) { return; }
    if (old) { old.remove(); }
    var note = document.createElement("div");
    note.id = "entry-held";
    note.className = "notice held";
    note.setAttribute("role", "status");
    var text = document.createElement("p");
    text.textContent = "The table changed on another phone. What you entered is kept; " +
      "sending it checks it against the latest.";
    if (seatGone) {
      note.setAttribute("data-seat-gone", "1");
      text.textContent = "The host freed your seat: this phone no longer enters for it. " +
        "What you entered is kept below so you can read it out or write it down.";
    }
    var show = makeButton("button", "button small", "Show the latest", "data-show-latest");
    note.appendChild(text);
    note.appendChild(show);
    box.insertBefore(note, box.firstChild);
  }
  // A live answer decided on the box as it was when the request left: if this phone's own
  // request has redrawn the box since (another seat picked, an entry sent), ask again.
  var entryDraws = 0, liveSawDraws = null, askAgain = false;
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "live") { liveSawDraws = entryDraws; }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var live = event.detail.elt;
    if (!askAgain || !live || live.id !== "live" || !window.htmx) { return; }
    askAgain = false;
    window.setTimeout(function () { window.htmx.trigger(live, "poll"); }, 0);
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var box = event.detail.target;
    if (!box || box.id !== "entry-box") { return; }
    if (liveSawDraws !== null && liveSawDraws !== entryDraws) {
      event.detail.shouldSwap = false;
      askAgain = true;  // once this answer is done: a poll sent now would be dropped by htmx
      return;
    }
    var node = event.detail.fragment;
    node = node && node.nodeType === 11 ? node.firstElementChild : node;
    var seat = node && node.getAttribute ? node.getAttribute("data-seat") : null;
    var unsent = box.querySelector("form[data-unsent]");
    if (!unsent) {
      var had = box.getAttribute("data-seat");
      seatGoneNote = seat === "" && had !== null && had !== "";
      if (seat !== null) { box.setAttribute("data-seat", seat); }
      return;
    }
    heldEntry = node ? node.innerHTML : heldEntry;
    heldSeat = seat;
    var mine = box.getAttribute("data-seat");
    var gone = seat === "" && mine !== null && mine !== "";
    // only the form itself waits: where the new box has a form in its place (the same id),
    // the held one goes there and the rest (status lines, undo, saved lines) comes in
    var spot = !gone && unsent.id && alone(box, unsent) && node && node.querySelector ? node.querySelector("#" + unsent.id) : null;
    // a form whose fields sit beside it (data-pick: Follow the Author's sealed suits, which
    // belong to no form) moves with them, or the whole box waits
    var pick = picker(unsent), newPick = null;
    if (spot && pick) {
      newPick = node.querySelector("#" + pick.id);
      if (!newPick) { spot = null; }
    }
    if (spot) {
      if (newPick) { newPick.replaceWith(pick); }
      var active = document.activeElement;
      keptFocus = unsent.contains(active) ? { field: active, start: active.selectionStart, end: active.selectionEnd } : null;
      spot.replaceWith(unsent);
      formKept = true;
      return;
    }
    event.detail.shouldSwap = false;
    followOpenHand(box, node);
    heldNote(box, gone);
  });
  // a held box's words about the hand open now ("hand 4 waits below this", "Back to hand
  // 4") follow it: the new box says which hand is open (data-open-hand-now)
  function followOpenHand(box, node) {
    var now = node && node.querySelector ? node.querySelector("[data-open-hand-now]") : null;
    var hand = now ? now.getAttribute("data-open-hand-now") : "";
    if (!hand) { return; }
    box.querySelectorAll("[data-open-hand]").forEach(function (el) { el.textContent = hand; });
  }
  // the form holds all the phone's input: no other form being filled, no field outside a form
  // (a picker beside its form), or the whole box waits as before
  function alone(box, form) {
    if (box.querySelectorAll("form[data-unsent]").length !== 1) { return false; }
    var pick = picker(form);
    var fields = box.querySelectorAll("input:not([type=hidden]), select, textarea");
    return Array.prototype.every.call(fields, function (field) {
      return form.contains(field) || (pick !== null && pick.contains(field)) ||
        (field.form !== null && field.form !== form);
    });
  }
  // the fields a form names as its own though they are outside it (data-pick="<id>")
  function picker(form) {
    var id = form.getAttribute("data-pick");
    var pick = id ? document.getElementById(id) : null;
    return pick && pick.id ? pick : null;
  }
  // the field being typed in keeps the focus and the caret through the move (the phone's
  // keyboard stays up)
  var formKept = false, keptFocus = null;
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var box = event.detail.target;
    if (!formKept || !box || box.id !== "entry-box") { return; }
    formKept = false;
    heldNote(box, false);
    var spot = keptFocus;
    keptFocus = null;
    if (!spot || !spot.field.isConnected) { return; }
    spot.field.focus({ preventScroll: true });
    try { spot.field.setSelectionRange(spot.start, spot.end); } catch (e) { /* not text */ }
  });
  document.addEventListener("click", function (event) {
    var box = document.getElementById("entry-box");
    if (!box || !(event.target.closest && event.target.closest("[data-show-latest]"))) { return; }
    if (!showHeld(box)) { box.querySelector("#entry-held").remove(); }
  });
  function showHeld(box) {
    if (heldEntry === null || !window.htmx) { return false; }
    var html = heldEntry;
    heldEntry = null;
    if (heldSeat !== null) { box.setAttribute("data-seat", heldSeat); }
    heldSeat = null;
    window.htmx.swap(box, html, { swapStyle: "innerHTML", settleDelay: 0, ignoreTitle: true });
    return true;
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt, xhr = event.detail.xhr;
    if (!(form && form.hasAttribute && xhr && xhr.status < 300)) { return; }
    form.removeAttribute("data-unsent");
    // what was held back while this form was being sent can come in now that it is saved
    var box = document.getElementById("entry-box");
    if (box && box.contains(form)) { showHeld(box); }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail && event.detail.target;
    if (!box || box.id !== "entry-box") { return; }
    heldEntry = null;  // this phone's own answer is the latest
    entryDraws += 1;
    var status = event.detail.xhr ? event.detail.xhr.status : 200;
    var path = event.detail.pathInfo ? event.detail.pathInfo.requestPath : null;
    if (status !== 409 && status !== 422) { return; }
    box.querySelectorAll("form").forEach(function (form) {  // sent back with the input kept
      if ((form.getAttribute("hx-post") || form.getAttribute("action")) === path) {
        form.setAttribute("data-unsent", "1");
      }
    });
  });

  // One-tap completions ask first (Hearts' "Rest -> X", Consonants' "Add all the rest"): the
  // game's script calls open() with the lines to show; the box sits under the button's row,
  // with "Record it" (the one button that sends, carrying the tapped button's name and value)
  // and "Not yet" (removes the box: the form is as it was, nothing is sent). While it is open
  // the form counts as unsent, so a live redraw leaves it be. Without JavaScript the button
  // just sends.
  // Suit signs in words this script writes become the same SVG icons the server draws
  // (companion/web/suits.py): a phone may show the plain signs as emoji or empty boxes.
  var SUITS = { "\u2663": ["C", "clubs"], "\u2666": ["D", "diamonds"], "\u2665": ["H", "hearts"], "\u2660": ["S", "spades"] };
  function suitIcon(code, name) {
    var ns = "http://www.w3.org/2000/svg", meta = document.querySelector("meta[name=companion-suits]");
    var svg = document.createElementNS(ns, "svg"), use = document.createElementNS(ns, "use");
    svg.setAttribute("class", "suit-icon s-" + code);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    svg.setAttribute("viewBox", "0 0 100 100");
    use.setAttribute("href", (meta ? meta.content : "") + "#" + code);
    svg.appendChild(use);
    return svg;
  }
  function suitIcons(el) {
    var parts = el.textContent.split(/((?:10|[2-9AJQK])?[\u2660\u2663\u2665\u2666])/);
    if (parts.length < 2) { return; }
    el.textContent = "";
    parts.forEach(function (part, i) {
      if (i % 2 === 0) { el.appendChild(document.createTextNode(part)); return; }
      var card = document.createElement("span"), suit = SUITS[part.slice(-1)];
      card.className = "card-name";
      card.textContent = part.slice(0, -1);
      card.appendChild(suitIcon(suit[0], suit[1]));
      el.appendChild(card);
    });
  }
  function fillConfirm(box, lines) {
    var text = box.querySelector("[data-confirm-text]");
    text.innerHTML = "";
    lines.forEach(function (line, i) {
      var p = document.createElement("p");
      p.className = i ? "confirm-score" : "confirm-what";
      p.textContent = line;
      suitIcons(p);
      text.appendChild(p);
    });
  }
  function closeConfirm(form) {
    var box = form.querySelector("[data-confirm]");
    if (!box) { return null; }
    if (box.getAttribute("data-was-unsent") === null) { form.removeAttribute("data-unsent"); }
    form.querySelectorAll("button[aria-expanded][data-asks]").forEach(function (b) {
      b.removeAttribute("aria-expanded");
      b.removeAttribute("data-asks");
    });
    box.remove();
    return box.getAttribute("data-confirm");
  }
  function openConfirm(form, button, lines) {
    var wasUnsent = form.hasAttribute("data-unsent");
    closeConfirm(form);
    var box = document.createElement("div");
    box.className = "confirm-rest";
    box.setAttribute("data-confirm", button.value);
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "Check before recording");
    if (wasUnsent) { box.setAttribute("data-was-unsent", "1"); }
    var text = document.createElement("div");
    text.setAttribute("data-confirm-text", "");
    text.setAttribute("role", "status");
    box.appendChild(text);
    var row = document.createElement("div");
    row.className = "two";
    var record = makeButton("submit", "button primary", "Record it", "data-confirm-record");
    record.name = button.name;
    record.value = button.value;
    var cancel = makeButton("button", "button", "Not yet", "data-confirm-cancel");
    row.appendChild(record);
    row.appendChild(cancel);
    box.appendChild(row);
    var place = button.closest(".seat-row, .two, .moon-buttons") || button;
    place.parentNode.insertBefore(box, place.nextSibling);
    button.setAttribute("aria-expanded", "true");
    button.setAttribute("data-asks", "");
    form.setAttribute("data-unsent", "1");
    fillConfirm(box, lines);
    box.scrollIntoView({ block: "nearest" });
    return box;
  }
  window.companionConfirm = { open: openConfirm, close: closeConfirm, fill: fillConfirm };

  // A redraw that replaces an element whose request is still under way (an undo on a slow
  // network, the box redrawn meanwhile) keeps that element on the page, hidden and without its
  // ids, until its answer is in: htmx finds where the answer goes (a refusal's #refusal) from
  // the element that asked, which it could not once that element was gone.
  function keepInFlight(event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || !target.querySelectorAll) { return; }
    var busy = target.querySelectorAll(".htmx-request");
    if (!busy.length) { return; }
    var holder = document.getElementById("in-flight");
    if (!holder) {
      holder = document.createElement("div");
      holder.id = "in-flight";
      holder.hidden = true;
      document.body.appendChild(holder);
    }
    busy.forEach(function (el) {
      if (!target.contains(el) || el === answering) { return; }  // moved with a busy parent, or its own answer
      el.removeAttribute("id");
      el.querySelectorAll("[id]").forEach(function (inner) { inner.removeAttribute("id"); });
      holder.appendChild(el);
    });
  }
  var answering = null;  // the element whose answer is being swapped in now
  document.addEventListener("htmx:beforeOnLoad", function (event) { answering = event.detail.elt; });
  document.addEventListener("htmx:afterOnLoad", function () { answering = null; });
  document.addEventListener("htmx:beforeSwap", keepInFlight);
  document.addEventListener("htmx:oobBeforeSwap", keepInFlight);
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt, holder = document.getElementById("in-flight");
    if (elt && holder && holder.contains(elt)) { elt.remove(); }
  });
  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-confirm-cancel]");
    var form = cancel && cancel.closest("form");
    if (!form) { return; }
    var button = form.querySelector("button[data-asks]");
    closeConfirm(form);
    if (button) { button.focus(); }
  });
})();

// ---- Never silently stale (issue 11, items 4 and 5) ----
// A phone whose stream comes back, that wakes (visibilitychange) or comes back online asks the
// server for the table's version at once and, when it is not the one on screen
// (#table-version), redraws the live parts through #live's own request, so an entry being
// typed stays held back as above. While the server cannot be reached a banner says
// "Reconnecting..." and, once that has lasted <meta name=companion-stale-after> seconds, when
// this phone last heard from it. Routine stream reconnects stay quiet (a short grace).
(function neverStale() {
  "use strict";
  var stream = document.querySelector("[sse-connect]");
  if (!stream) { return; }
  var GRACE = 2000, RETRY = 5000;
  var lastContact = Date.now(), down = false, open = false, sawError = false;
  var downSince = 0, loud = false, tickTimer = null;

  function staleAfter() {
    var meta = document.querySelector("meta[name=companion-stale-after]");
    var seconds = meta ? parseFloat(meta.getAttribute("content")) : NaN;
    return (seconds > 0 ? seconds : 30) * 1000;
  }
  function ago(ms) {
    var minutes = Math.floor(ms / 60000);
    if (minutes < 1) { return "less than a minute ago"; }
    if (minutes < 60) { return minutes + " min ago"; }
    var hours = Math.floor(minutes / 60);
    return hours + (hours === 1 ? " hour ago" : " hours ago");
  }
  function renderBanner() {
    var banner = document.getElementById("connection");
    if (!banner) { return; }
    if (!down || (!loud && Date.now() - downSince < GRACE)) {
      banner.hidden = true;
      banner.textContent = "";
      return;
    }
    var gap = Date.now() - lastContact;
    var text = navigator.onLine === false ? "No network. Reconnecting..." : "Reconnecting...";
    if (gap >= staleAfter()) { text += " Last update " + ago(gap) + "."; }
    banner.textContent = text;
    banner.hidden = false;
  }
  function markUp() {
    lastContact = Date.now();
    if (!down) { return; }
    down = false;
    loud = false;
    window.clearInterval(tickTimer);
    renderBanner();
  }
  // now: say so at once (the browser says it is offline, or the server did not answer);
  // otherwise only once the trouble outlasts a stream's routine reconnect
  function markDown(now) {
    if (!down) {
      down = true;
      downSince = Date.now();
      tickTimer = window.setInterval(tick, 1000);
    }
    loud = loud || now;
    renderBanner();
  }
  function tick() {
    renderBanner();
    if (Date.now() - downSince >= GRACE) { retry(); }
  }
  var lastTry = 0;
  function retry() {
    if (Date.now() - lastTry >= RETRY) { catchUp(); }
  }
  function refreshLive() {
    var live = document.getElementById("live");
    if (live && live.getAttribute("hx-get") && window.htmx) { window.htmx.trigger(live, "poll"); }
  }
  function catchUp() {
    var url = stream.getAttribute("data-version-url");
    lastTry = Date.now();
    if (!url || !window.fetch) { refreshLive(); return; }
    window.fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (r) {
      if (r.status >= 500) { throw new Error("server trouble"); }
      return r.ok ? r.json() : null;
    }).then(function (data) {
      markUp();
      var shown = document.getElementById("table-version");
      if (data && (!shown || String(data.version) !== shown.value)) { refreshLive(); }
    }).catch(function () { markDown(true); });
  }
  // while the stream is open this phone is up to date: keep the clock of last contact moving
  // (a frozen, sleeping page runs no timer, so the clock stops where the phone stopped)
  window.setInterval(function () { if (open && !down) { lastContact = Date.now(); } }, 5000);

  document.addEventListener("htmx:sseOpen", function () {
    open = true;
    if (sawError) { catchUp(); }
    sawError = false;
    markUp();
  });
  document.addEventListener("htmx:sseMessage", markUp);
  document.addEventListener("htmx:sseError", function (event) {
    if (open) { lastContact = Date.now(); }
    open = false;
    // a stream the browser reopens itself sends Last-Event-ID, and the server catches it up;
    // one that was given up is opened afresh without it, so that one asks for the version
    var source = event.detail && event.detail.source;
    if (!source || source.readyState === 2) { sawError = true; }
    markDown(false);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt, xhr = event.detail.xhr;
    if (!elt || elt.id !== "live") { return; }
    if (xhr && xhr.status >= 200 && xhr.status < 500) { markUp(); } else { markDown(false); }
  });
  window.addEventListener("offline", function () { markDown(true); });
  window.addEventListener("online", catchUp);
  window.addEventListener("pageshow", function (event) { if (event.persisted) { catchUp(); } });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { catchUp(); }
  });
})();

// ---- Seats changed (a seat added or removed, a phone sat down): the seats' part of a live
// update carries which seats this phone may change (data-can); the sheet's box follows ----
(function followSeats() {
  "use strict";
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var was = event.detail && event.detail.target;
    var key = document.getElementById("seats-key");
    if (!was || was.id !== "seats-key" || !key) { return; }
    var stream = document.getElementById("stream");
    if (!stream) { return; }
    var keep = stream.className.split(/\s+/).filter(function (c) {
      return c && (c === "can-any" || c.indexOf("can-") !== 0);
    });
    stream.className = keep.concat((key.getAttribute("data-can") || "").split(/\s+/)).join(" ").trim();
  });
  // the sheet scrolls sideways: a shadow at the edge that still hides columns
  function edges(toEnd) {
    document.querySelectorAll(".sheet-wrap").forEach(function (wrap) {
      var box = wrap.parentNode;
      // the TV shows the newest rounds: its sheet stays scrolled to the end
      if (toEnd === true && document.body.classList.contains("tv")) { wrap.scrollTop = wrap.scrollHeight; }
      box.classList.toggle("more-right", wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft > 2);
      box.classList.toggle("scrolled", wrap.scrollLeft > 2);
    });
  }
  function settled() { edges(true); }
  document.addEventListener("scroll", function (event) {
    var el = event.target;
    if (el && el.classList && el.classList.contains("sheet-wrap")) { edges(false); }
  }, true);
  document.addEventListener("htmx:afterSettle", settled);
  window.addEventListener("resize", settled);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", settled);
  } else { settled(); }
})();

// ---- Installable: the service worker keeps the app shell, so a page opened with no network
// shows the app's own offline page (templates/offline.html) instead of the browser's error ----
(function registerServiceWorker() {
  "use strict";
  var meta = document.querySelector("meta[name=companion-sw]");
  if (!meta || !("serviceWorker" in navigator)) { return; }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(meta.getAttribute("content")).catch(function () {
      /* not allowed here (plain http on a LAN address): the app works without it */
    });
  });
})();

// New links for the table: a seated phone's next live update answers HX-Redirect and the page
// loads again at the new link. What the phone had typed and not sent goes along (in
// sessionStorage) and is put back into the same form there: the same action, with the table
// link changed, so a round that moved on meanwhile does not get it.
(function keepTypedThroughNewLinks() {
  var KEY = "companion-typed-before-new-link";
  function place(path) { return (path || "").replace(/^\/t\/[^/?#]+/, "/t/*"); }
  function tableOf(path) { var m = /^\/t\/([^/?#]+)/.exec(path || ""); return m ? m[1] : null; }
  function typedIn(form) {
    var values = {};
    form.querySelectorAll("input, textarea").forEach(function (input) {
      if (!input.name || /^(hidden|checkbox|radio|submit|button)$/.test(input.type)) { return; }
      if (input.value !== input.defaultValue) { values[input.name] = input.value; }
    });
    return values;
  }
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    var target = xhr && xhr.getResponseHeader("HX-Redirect");
    var here = tableOf(window.location.pathname);
    if (!target || !here || !window.sessionStorage) { return; }
    var there = tableOf(new URL(target, window.location.href).pathname);
    if (!there || there === here) { return; }
    var kept = {};
    document.querySelectorAll("form[action]").forEach(function (form) {
      var values = typedIn(form);
      if (Object.keys(values).length) { kept[place(form.getAttribute("action"))] = values; }
    });
    if (Object.keys(kept).length) { window.sessionStorage.setItem(KEY, JSON.stringify(kept)); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var raw = window.sessionStorage ? window.sessionStorage.getItem(KEY) : null;
    if (!raw) { return; }
    window.sessionStorage.removeItem(KEY);
    var kept = JSON.parse(raw);
    document.querySelectorAll("form[action]").forEach(function (form) {
      var values = kept[place(form.getAttribute("action"))];
      if (!values) { return; }
      Object.keys(values).forEach(function (name) {
        var input = form.querySelector("[name='" + name + "']");
        if (input && input.value === input.defaultValue) { input.value = values[name]; }
      });
    });
  });
})();
