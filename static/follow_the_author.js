// Follow the Author: show how many cards are tapped in a store form, keep taps not yet sent
// through a live redraw of the entry box (window.companionPersist, in sessionStorage), and the
// suit buttons that show one suit's cards (each card under every suit it has). No inline
// script or style (CSP): a filtered-out card gets a class.
(function () {
  "use strict";
  var TAPPERS = "form.fta-tapper";

  function cards(n) { return n === 1 ? "1 card" : n + " cards"; }
  function recount(form) {
    var out = form.querySelector("[data-fta-count]");
    var n = form.querySelectorAll("input[name=cards]:checked").length;
    if (out) { out.textContent = cards(n); }
    // the last list's note, button and fold title: the cards tapped now, against those left
    form.querySelectorAll("[data-fta-say]").forEach(function (el) {
      var left = parseInt(el.getAttribute("data-left"), 10);
      var said = el.getAttribute(n === left ? "data-same" : "data-changed") || "";
      el.textContent = said.replace("{cards}", cards(n)).replace("{n}", String(n))
        .replace("{left}", String(left));
    });
  }
  function save(form) {
    if (!window.companionPersist) { return; }
    var cards = [];
    form.querySelectorAll("input[name=cards]:checked").forEach(function (i) { cards.push(i.value); });
    window.companionPersist.save(form, { cards: cards });
  }
  function restore(form) {
    var data = window.companionPersist ? window.companionPersist.load(form) : null;
    if (data && data.cards) {
      form.querySelectorAll("input[name=cards]").forEach(function (i) {
        if (!i.disabled) { i.checked = data.cards.indexOf(i.value) >= 0; }
      });
      var details = form.closest("details");
      if (details) { details.open = true; }
    }
    recount(form);
  }
  function showSuit(row, suit) {
    row.querySelectorAll(".fta-find-btn").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-suit") === suit ? "true" : "false");
    });
    var form = row.closest("form");
    if (!form) { return; }
    form.querySelectorAll(".fta-grid .fta-tap").forEach(function (label) {
      var suits = (label.getAttribute("data-suits") || "").split(" ");
      label.classList.toggle("fta-off", suit !== "" && suits.indexOf(suit) < 0);
    });
  }
  function init(root) {
    if (!root || !root.querySelectorAll) { return; }
    root.querySelectorAll("[data-fta-find]").forEach(function (row) { row.hidden = false; });
    if (root.matches && root.matches(TAPPERS)) { restore(root); }
    root.querySelectorAll(TAPPERS).forEach(restore);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest(TAPPERS);
    if (form) { recount(form); save(form); }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".fta-find-btn");
    var row = button && button.closest("[data-fta-find]");
    if (row) { showSuit(row, button.getAttribute("data-suit") || ""); }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { init(event.detail.target); });
})();
