// Spades and Oh Hell: tap the cards of a trick in play order instead of typing them. The typed
// field stays what the form sends; a tap adds the card, a second tap takes it back, and the
// trick saves itself once every seat's card is in.
(function () {
  "use strict";
  function cards(input) {
    var text = (input.value || "").trim().toUpperCase().replace(/10/g, "T");
    return text ? text.split(/[\s,;]+/) : [];
  }
  function show(form) {
    var picked = cards(form.querySelector("[data-trick-cards]"));
    form.querySelectorAll(".pick-card").forEach(function (b) {
      var at = picked.indexOf(b.getAttribute("data-card"));
      b.classList.toggle("picked", at >= 0);
      b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
    });
  }
  function init(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("form.trick-pick").forEach(function (form) {
      var grid = form.querySelector("[data-pick]");
      if (grid) { grid.hidden = false; }
      show(form);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".pick-card");
    if (!button) { return; }
    var form = button.closest("form"), input = form.querySelector("[data-trick-cards]");
    var picked = cards(input), card = button.getAttribute("data-card"), at = picked.indexOf(card);
    if (at >= 0) { picked.splice(at, 1); } else { picked.push(card); }
    input.value = picked.join(" ");
    show(form);
    if (at < 0 && picked.length === parseInt(form.getAttribute("data-players"), 10)) {
      form.requestSubmit();
    }
  });
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.trick-pick");
    if (form) { show(form); }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
})();
