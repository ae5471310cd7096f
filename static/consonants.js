// Consonants at the table: tap letter tiles instead of typing cards. The typed field stays
// the source of truth (it is what the form sends); this script fills it and shows its state.
// Taps not yet sent survive a live refresh of the entry box (kept in sessionStorage).
(function () {
  "use strict";

  function list(input) {
    var text = (input && input.value || "").trim().toUpperCase();
    return text ? text.split(/[\s,;]+/) : [];
  }
  function put(input, cards) { input.value = cards.join(" "); }
  function count(cards, card) { return cards.filter(function (c) { return c === card; }).length; }
  function removeOne(cards, card) {
    var at = cards.indexOf(card);
    if (at >= 0) { cards.splice(at, 1); }
    return cards;
  }

  function save(form) {
    window.companionPersist.save(form, { cards: form.querySelector("[data-cards-input]").value });
  }
  function restore(form) {
    var data = window.companionPersist.load(form);
    if (data && typeof data.cards === "string") {
      form.querySelector("[data-cards-input]").value = data.cards;
      form.setAttribute("data-unsent", "1");  // still unsent: a live update leaves it be
    }
  }

  function chip(text, kind) {
    var span = document.createElement("span");
    span.className = "tile " + kind;
    span.textContent = text;
    span.setAttribute("data-chip", text);
    span.setAttribute("role", "button");
    span.setAttribute("tabindex", "0");
    span.setAttribute("aria-label", "Take back " + text);
    return span;
  }
  function kindOf(card) {
    if (card.charAt(0) === "?") { return "wild"; }
    return card.indexOf("/") >= 0 ? "vowel" : "consonant";
  }

  function renderTaken(form) {
    var mine = list(form.querySelector("[data-cards-input]")), points = 0;
    form.querySelectorAll(".atile[data-card]").forEach(function (b) {
      var card = b.getAttribute("data-card");
      var left = parseInt(b.getAttribute("data-copies"), 10) - parseInt(b.getAttribute("data-others"), 10) - count(mine, card);
      b.querySelector(".left").textContent = left > 0 ? "\u00d7" + left : "none left";
      b.classList.toggle("none", left <= 0);
      points += count(mine, card) * parseInt(b.getAttribute("data-points"), 10);
    });
    var box = form.querySelector("[data-chosen]");
    box.innerHTML = "";
    mine.forEach(function (c) { box.appendChild(chip(c, kindOf(c))); });
    var total = form.querySelector("[data-total]");
    if (total) { total.textContent = mine.length + " card" + (mine.length === 1 ? "" : "s") + ", " + points + " points before words."; }
  }

  function renderTrick(form) {
    var cards = list(form.querySelector("[data-cards-input]"));
    var players = parseInt(form.getAttribute("data-players"), 10);
    var leader = form.querySelector("[name=leader]:checked");
    var radios = form.querySelectorAll("[name=leader]");
    var order = form.querySelector("[data-order]");
    order.innerHTML = "";
    for (var i = 0; i < players; i += 1) {
      var li = document.createElement("li");
      var seat = leader ? (parseInt(leader.value, 10) + i) % players : -1;
      li.textContent = (seat >= 0 ? radios[seat].getAttribute("data-name") : "?") + ": ";
      if (cards[i]) { li.appendChild(chip(cards[i], kindOf(cards[i]))); } else { li.appendChild(document.createTextNode("\u2026")); }
      order.appendChild(li);
    }
    form.querySelectorAll(".atile[data-copies]").forEach(function (b) {
      var card = b.getAttribute("data-card");
      var used = cards.filter(function (c) {
        if (b.hasAttribute("data-wild")) { return c.charAt(0) === "?"; }
        return c.split("=")[0] === card.split("=")[0];
      }).length;
      var left = parseInt(b.getAttribute("data-copies"), 10) - used;
      b.classList.toggle("none", left <= 0);
      b.classList.toggle("picked", used > 0);
    });
  }

  function render(form) {
    if (form.getAttribute("data-grid") === "taken") { renderTaken(form); } else { renderTrick(form); }
    var box = form.querySelector("[data-confirm]"), rest = form.querySelector("button.rest[data-asks]");
    if (box && rest) { window.companionConfirm.fill(box, restLines(form, rest)); }
  }

  function tap(form, button) {
    var input = form.querySelector("[data-cards-input]");
    var cards = list(input);
    if (button.hasAttribute("data-wild")) {
      var letters = form.querySelector("[data-wild-letters]");
      letters.hidden = !letters.hidden;
      return;
    }
    if (button.classList.contains("none")) { return; }
    var card = button.getAttribute("data-card");
    if (form.getAttribute("data-grid") === "trick") {
      if (cards.length >= parseInt(form.getAttribute("data-players"), 10)) { return; }
      var letters2 = form.querySelector("[data-wild-letters]");
      if (letters2) { letters2.hidden = true; }
    }
    put(input, cards.concat([card]));
  }

  // "Add all the rest" asks first (the box is app.js's companionConfirm): it names the seat and
  // the cards the server would add, every copy of the deck no other seat entered and not
  // already typed here.
  function restLines(form, button) {
    var mine = list(form.querySelector("[data-cards-input]")), add = [];
    form.querySelectorAll(".atile[data-card]").forEach(function (b) {
      var card = b.getAttribute("data-card");
      var left = parseInt(b.getAttribute("data-copies"), 10) - parseInt(b.getAttribute("data-others"), 10) - count(mine, card);
      for (var i = 0; i < left; i += 1) { add.push(card); }
    });
    var who = button.getAttribute("data-who") || "this seat";
    var n = add.length + " card" + (add.length === 1 ? "" : "s");
    var lines = ["Give " + who + " every card nobody else has entered (" + n + ")?"];
    if (add.length) { lines.push("Adds: " + add.join(" ") + "."); }
    if (mine.length) {
      lines.push("With the " + mine.length + " already here, " + who + " would have " + (mine.length + add.length) + " cards.");
    }
    return lines;
  }

  function init(root) {
    var base = root || document;
    var forms = Array.prototype.slice.call(base.querySelectorAll("form.cons-grid"));
    if (base.matches && base.matches("form.cons-grid")) { forms.push(base); }
    forms.forEach(function (form) {
      if (form.hasAttribute("data-ready")) { return; }
      form.setAttribute("data-ready", "1");
      form.querySelectorAll("[data-tiles]").forEach(function (g) { g.hidden = false; });
      restore(form);
      render(form);
    });
  }

  document.addEventListener("click", function (event) {
    var form = event.target.closest("form.cons-grid");
    if (!form) { return; }
    var rest = event.target.closest("button.rest");
    if (rest && form.getAttribute("data-grid") === "taken" && window.companionConfirm) {
      event.preventDefault();  // never sends by itself: ask first
      window.companionConfirm.open(form, rest, restLines(form, rest));
      return;
    }
    var button = event.target.closest(".atile");
    var taken = event.target.closest("[data-chip]");
    var before = list(form.querySelector("[data-cards-input]")).length;
    if (button) { tap(form, button); }
    else if (taken) {
      var input = form.querySelector("[data-cards-input]");
      put(input, removeOne(list(input), taken.getAttribute("data-chip")));
    } else { return; }
    save(form);
    render(form);
    if (button && list(form.querySelector("[data-cards-input]")).length > before) { sendIfFull(form); }
  });
  // Trick by trick: the trick is sent when its last card is tapped (the leader known; tapped
  // after the cards, the leader's tap sends it). A form sent back with its cards waits for
  // its Save button: only a tap sends.
  function sendIfFull(form) {
    if (form.getAttribute("data-grid") !== "trick") { return; }
    if (list(form.querySelector("[data-cards-input]")).length !== parseInt(form.getAttribute("data-players"), 10)) { return; }
    if (!form.querySelector("[name=leader]:checked")) { form.setAttribute("data-await-leader", "1"); return; }
    form.removeAttribute("data-await-leader");
    var button = form.querySelector("button.save");
    if (form.requestSubmit) { form.requestSubmit(button || undefined); } else if (button) { button.click(); }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.cons-grid");
    if (form) { save(form); render(form); }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.cons-grid");
    if (!form) { return; }
    save(form);
    render(form);
    if (event.target.name === "leader" && form.hasAttribute("data-await-leader")) { sendIfFull(form); }
  });
  // A live redraw draws the cards-taken form for the seat it showed (the host may be
  // entering Dee's cards): the live request says which, the server checks it may.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = document.getElementById("taken-form");
    if (form && event.detail.elt && event.detail.elt.id === "live") {
      event.detail.parameters["cons-seat"] = form.getAttribute("data-seat");
    }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { init(event.detail.target); });
})();
