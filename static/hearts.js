// Hearts at the table: tap cards instead of typing them. The typed fields stay the source of
// truth (they are what the form sends); this script only fills them and shows their state.
// Taps not yet sent survive a live refresh of the entry box (kept in sessionStorage).
(function () {
  "use strict";
  var FIELDS = "[data-seat-cards], [data-mine], [data-trick-cards]";

  function list(input) {
    var text = (input && input.value || "").trim().toUpperCase().replace(/10/g, "T");
    return text ? text.split(/[\s,;]+/) : [];
  }
  function put(input, cards) { input.value = cards.join(" "); }
  function without(cards, card) { return cards.filter(function (c) { return c !== card; }); }
  function cardPoints(card, form) {
    if (card.charAt(1) === "H") { return 1; }
    if (card === "QS") { return 13; }
    return card === form.getAttribute("data-bonus") ? parseInt(form.getAttribute("data-bonus-points"), 10) || 0 : 0;
  }

  function save(form) {
    var data = { active: form.getAttribute("data-active") };
    form.querySelectorAll(FIELDS).forEach(function (i) { data[i.name] = i.value; });
    window.companionPersist.save(form, data);
  }
  function restore(form) {
    var data = window.companionPersist.load(form);
    if (!data) { return; }
    form.querySelectorAll(FIELDS).forEach(function (i) { if (i.name in data) { i.value = data[i.name]; } });
    if (data.active !== null && data.active !== undefined) { form.setAttribute("data-active", data.active); }
  }

  function owners(form) {
    var found = {};
    form.querySelectorAll("[data-seat-cards]").forEach(function (input) {
      list(input).forEach(function (c) { found[c] = input.getAttribute("data-seat-cards"); });
    });
    return found;
  }
  function nameOf(form, seat) {
    var tab = form.querySelector(".seat-tab[data-seat='" + seat + "']");
    return tab ? tab.getAttribute("data-name") : "";
  }

  function renderAll(form) {
    var active = form.getAttribute("data-active");
    var who = owners(form), left = 0, pts = {};
    form.querySelectorAll(".hcard").forEach(function (b) {
      var card = b.getAttribute("data-card"), owner = who[card];
      b.classList.remove("taken", "mine", "c0", "c1", "c2", "c3", "c4", "c5");
      if (owner === undefined) { left += 1; } else {
        b.classList.add("taken", "c" + owner);
        pts[owner] = (pts[owner] || 0) + cardPoints(card, form);
      }
      b.setAttribute("aria-pressed", owner === active ? "true" : "false");
      b.querySelector(".owner").textContent = owner === undefined ? "" : nameOf(form, owner);
    });
    form.querySelectorAll(".seat-tab").forEach(function (tab) {
      var seat = tab.getAttribute("data-seat");
      tab.setAttribute("aria-pressed", seat === active ? "true" : "false");
      tab.querySelector(".pts").textContent = pts[seat] ? String(pts[seat]) : "";
    });
    var note = form.querySelector("[data-left]");
    if (note) { note.textContent = left ? left + " card" + (left === 1 ? "" : "s") + " not given yet." : "Every card is given."; }
  }

  function renderMine(form) {
    var mine = list(form.querySelector("[data-mine]")), left = 0;
    form.querySelectorAll(".hcard").forEach(function (b) {
      var card = b.getAttribute("data-card"), others = b.getAttribute("data-others") || "";
      var have = mine.indexOf(card) >= 0;
      b.classList.toggle("mine", have);
      b.classList.toggle("others", !!others && !have);
      b.classList.toggle("double", !!others && have);
      b.setAttribute("aria-pressed", have ? "true" : "false");
      b.querySelector(".owner").textContent = have && others ? "you + " + others : (have ? "you" : others);
      if (!have && !others) { left += 1; }
    });
    var note = form.querySelector("[data-left]");
    if (note) { note.textContent = left ? left + " card" + (left === 1 ? "" : "s") + " claimed by nobody yet." : "Every card is claimed."; }
  }

  function renderTrick(form) {
    var cards = list(form.querySelector("[data-trick-cards]"));
    var players = parseInt(form.getAttribute("data-players"), 10);
    var leader = form.querySelector("[name=leader]:checked");
    var radios = form.querySelectorAll("[name=leader]");
    var order = form.querySelector("[data-order]");
    order.innerHTML = "";
    for (var i = 0; i < players; i += 1) {
      var li = document.createElement("li");
      var seat = leader ? (parseInt(leader.value, 10) + i) % players : -1;
      var who = seat >= 0 ? radios[seat].getAttribute("data-name") : "?";
      li.textContent = who + ": " + (cards[i] || "\u2026");
      order.appendChild(li);
    }
    form.querySelectorAll(".hcard").forEach(function (b) {
      var at = cards.indexOf(b.getAttribute("data-card"));
      b.classList.toggle("picked", at >= 0);
      b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      b.querySelector(".owner").textContent = at >= 0 ? String(at + 1) : "";
    });
  }

  function render(form) {
    var kind = form.getAttribute("data-grid");
    if (kind === "all") { renderAll(form); } else if (kind === "mine") { renderMine(form); } else { renderTrick(form); }
  }

  function tapCard(form, card) {
    var kind = form.getAttribute("data-grid");
    if (kind === "all") {
      var active = form.getAttribute("data-active");
      var mineInput = form.querySelector("[data-seat-cards='" + active + "']");
      var had = list(mineInput).indexOf(card) >= 0;
      form.querySelectorAll("[data-seat-cards]").forEach(function (i) { put(i, without(list(i), card)); });
      if (!had) { put(mineInput, list(mineInput).concat([card])); }
    } else {
      var input = form.querySelector(kind === "mine" ? "[data-mine]" : "[data-trick-cards]");
      var cards = list(input);
      if (cards.indexOf(card) >= 0) { put(input, without(cards, card)); }
      else if (kind === "mine" || cards.length < parseInt(form.getAttribute("data-players"), 10)) { put(input, cards.concat([card])); }
    }
  }

  function init(root) {
    var base = root || document;
    var forms = Array.prototype.slice.call(base.querySelectorAll("form[data-grid]"));
    if (base.matches && base.matches("form[data-grid]")) { forms.push(base); }
    forms.forEach(function (form) {
      if (form.hasAttribute("data-ready")) { return; }
      form.setAttribute("data-ready", "1");
      form.classList.add("js");
      form.querySelectorAll("[data-cards]").forEach(function (g) { g.hidden = false; });
      restore(form);
      render(form);
    });
  }

  document.addEventListener("click", function (event) {
    var form = event.target.closest("form[data-grid]");
    if (!form) { return; }
    var card = event.target.closest(".hcard");
    var tab = event.target.closest(".seat-tab");
    if (card) { tapCard(form, card.getAttribute("data-card")); }
    else if (tab) { form.setAttribute("data-active", tab.getAttribute("data-seat")); }
    else { return; }
    save(form);
    render(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-grid]");
    if (form) { save(form); render(form); }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { init(event.detail.target); });
})();
