// The hand summary of a trick game (templates/_hand_summary.html): "Hide" hides it on this
// phone for this tab, and it stays hidden through live updates (the server sends it again
// with every update) until a new summary comes: another hand, or a change to this one.
(function () {
  "use strict";
  var PREFIX = "summary-hidden:";
  function hiddenKey(box) { return PREFIX + box.getAttribute("data-summary"); }
  function apply() {
    var box = document.getElementById("hand-summary");
    if (!box || !window.sessionStorage) { return; }
    box.hidden = window.sessionStorage.getItem(hiddenKey(box)) === "1";
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-summary-hide]");
    if (!button) { return; }
    var box = button.closest("#hand-summary");
    if (!box) { return; }
    if (window.sessionStorage) { window.sessionStorage.setItem(hiddenKey(box), "1"); }
    box.hidden = true;
  });
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("htmx:oobAfterSwap", apply);
  document.addEventListener("htmx:afterSwap", apply);
  document.addEventListener("htmx:afterSettle", apply);
})();
