// Follow the Author: show how many cards are tapped in a store form. No inline script (CSP).
(function () {
  "use strict";
  function recount(form) {
    var out = form.querySelector("[data-fta-count]");
    if (out) { out.textContent = String(form.querySelectorAll("input[name=cards]:checked").length); }
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.fta-tapper");
    if (form) { recount(form); }
  });
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("form.fta-tapper").forEach(recount);
  });
})();
