// Word judge: the verdict clears itself after its seconds (the server stops showing it too).
(function () {
  "use strict";
  function arm(root) {
    (root || document).querySelectorAll(".verdict[data-seconds]").forEach(function (box) {
      if (box.getAttribute("data-armed")) { return; }
      box.setAttribute("data-armed", "1");
      var left = parseInt(box.getAttribute("data-seconds"), 10) || 0;
      var button = box.querySelector("[data-verdict-close]");
      function tick() {
        if (left <= 0) { box.hidden = true; box.setAttribute("data-cleared", "1"); return; }
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
      if (box) { box.hidden = true; box.setAttribute("data-cleared", "1"); }
    }
  });
  document.addEventListener("DOMContentLoaded", function () { arm(document); });
  document.addEventListener("htmx:afterSwap", function (event) { arm(event.target); });
  document.addEventListener("htmx:afterSettle", function (event) { arm(event.target); });
  // the entry box also arrives out of band with a live update of the sheet
  document.addEventListener("htmx:oobAfterSwap", function (event) { arm(event.detail.target); });
})();
