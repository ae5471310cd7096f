// Word judge: the verdict clears itself after its seconds (the server stops showing it too).
// A verdict this phone closed stays closed when a redraw brings it again (kept per tab,
// by table and challenge: data-verdict-key).
(function () {
  "use strict";
  var PREFIX = "verdict-closed:";
  function remembered(box) {
    var key = box.getAttribute("data-verdict-key");
    try { return !!key && window.sessionStorage.getItem(PREFIX + key) === "1"; } catch (e) { return false; }
  }
  function clear(box) {
    box.hidden = true;
    box.setAttribute("data-cleared", "1");
    var key = box.getAttribute("data-verdict-key");
    try { if (key) { window.sessionStorage.setItem(PREFIX + key, "1"); } } catch (e) { /* private mode */ }
  }
  function arm(root) {
    (root || document).querySelectorAll(".verdict[data-seconds]").forEach(function (box) {
      if (box.getAttribute("data-armed")) { return; }
      box.setAttribute("data-armed", "1");
      if (remembered(box)) { box.hidden = true; box.setAttribute("data-cleared", "1"); return; }
      var left = parseInt(box.getAttribute("data-seconds"), 10) || 0;
      var button = box.querySelector("[data-verdict-close]");
      function tick() {
        if (left <= 0) { clear(box); return; }
        if (button) { button.textContent = "Close (" + left + " s)"; }
        left -= 1;
        window.setTimeout(tick, 1000);
      }
      tick();
    });
  }
  document.addEventListener("click", function (event) {
    var close = event.target.closest("[data-verdict-close]");
    if (close) {
      var box = close.closest(".verdict");
      if (box) { clear(box); }
    }
  });
  document.addEventListener("DOMContentLoaded", function () { arm(document); });
  document.addEventListener("htmx:afterSwap", function (event) { arm(event.target); });
  document.addEventListener("htmx:afterSettle", function (event) { arm(event.target); });
  // the entry box also arrives out of band with a live update of the sheet
  document.addEventListener("htmx:oobAfterSwap", function (event) { arm(event.detail.target); });
})();
