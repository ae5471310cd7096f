// Follow the Author: show how many cards are tapped in a store form, and keep taps not yet
// sent through a live redraw of the entry box (window.companionPersist, in sessionStorage).
// No inline script (CSP).
(function () {
  "use strict";
  var TAPPERS = "form.fta-tapper";

  function recount(form) {
    var out = form.querySelector("[data-fta-count]");
    var n = form.querySelectorAll("input[name=cards]:checked").length;
    if (out) { out.textContent = n === 1 ? "1 card" : n + " cards"; }
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
  function init(root) {
    if (!root || !root.querySelectorAll) { return; }
    if (root.matches && root.matches(TAPPERS)) { restore(root); }
    root.querySelectorAll(TAPPERS).forEach(restore);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest(TAPPERS);
    if (form) { recount(form); save(form); }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { init(event.detail.target); });
})();
