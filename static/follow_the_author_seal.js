// Follow the Author's sealed choices: the choice never leaves this phone before the reveal.
// Sealing makes a recovery code (12 characters of Crockford's base 32) and a key; this phone
// keeps the choice, the code and the key in localStorage under the commitment, and sends only
//   commitment = SHA-256("<label>\n<scoring>\n<danger>\n<code>")   and   lock = SHA-256(key)
// (companion/games/follow_the_author/seal.py checks the same). "Peek" shows the kept choice;
// once the omega hand is over this phone opens the seals it holds by itself, and once the
// round is scored it forgets them.
// Web Crypto when the page is a secure context; the small SHA-256 below otherwise (a phone on
// the local network over plain http has no crypto.subtle). No inline script (CSP).
(function () {
  "use strict";
  var ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  var KEPT = "fta-seal:";

  function randomBytes(n) {
    var bytes = new Uint8Array(n);
    window.crypto.getRandomValues(bytes);
    return bytes;
  }
  function randomCode(n) {
    var out = "";
    randomBytes(n).forEach(function (b) { out += ALPHABET.charAt(b & 31); });
    return out;
  }
  function hex(bytes) {
    var out = "";
    for (var i = 0; i < bytes.length; i++) { out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16); }
    return out;
  }
  function grouped(code) { return (code.match(/.{1,4}/g) || []).join("-"); }

  // SHA-256 (FIPS 180-4) over UTF-8 bytes, for pages without crypto.subtle.
  var K = [];
  (function () {
    var n = 2, found = 0;
    function frac(x) { return ((x - Math.floor(x)) * 4294967296) >>> 0; }
    while (found < 64) {
      var prime = true;
      for (var d = 2; d * d <= n; d++) { if (n % d === 0) { prime = false; break; } }
      if (prime) { K[found++] = frac(Math.cbrt(n)); }
      n++;
    }
  })();
  function sha256Bytes(data) {
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var length = data.length, padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
    padded.set(data);
    padded[length] = 0x80;
    var bits = length * 8, view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 4294967296));
    view.setUint32(padded.length - 4, bits >>> 0);
    var w = new Uint32Array(64);
    function rotr(x, r) { return (x >>> r) | (x << (32 - r)); }
    for (var off = 0; off < padded.length; off += 64) {
      for (var i = 0; i < 16; i++) { w[i] = view.getUint32(off + i * 4); }
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h = [h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + k].map(function (x) { return x >>> 0; });
    }
    var out = new Uint8Array(32), outView = new DataView(out.buffer);
    h.forEach(function (x, j) { outView.setUint32(j * 4, x); });
    return out;
  }
  function sha256Hex(text) {
    var data = new TextEncoder().encode(text);
    var subtle = window.crypto && window.crypto.subtle;
    if (!subtle || !window.isSecureContext) { return Promise.resolve(hex(sha256Bytes(data))); }
    return subtle.digest("SHA-256", data).then(function (digest) { return hex(new Uint8Array(digest)); });
  }
  window.companionSha256 = { fallback: function (text) { return hex(sha256Bytes(new TextEncoder().encode(text))); }, hex: sha256Hex };

  function kept(commitment) {
    try { return JSON.parse(window.localStorage.getItem(KEPT + commitment) || "null"); } catch (e) { return null; }
  }
  function keep(commitment, entry) { window.localStorage.setItem(KEPT + commitment, JSON.stringify(entry)); }

  function sealError(form, text) {
    var out = form.querySelector("[data-fta-seal-error]");
    if (out) { out.textContent = text; out.hidden = !text; }
  }
  function seal(form) {
    var pick = document.getElementById(form.getAttribute("data-pick"));
    var scoring = pick && pick.querySelector("input[name^='fta-scoring-']:checked");
    var danger = pick && pick.querySelector("input[name^='fta-danger-']:checked");
    if (!scoring) { sealError(form, "Choose your scoring suit."); return; }
    if (!danger) { sealError(form, "Choose " + form.getAttribute("data-other") + "'s danger suit."); return; }
    var label = form.getAttribute("data-label"), code = randomCode(12), key = hex(randomBytes(16));
    var old = form.getAttribute("data-current") ? kept(form.getAttribute("data-current")) : null;
    var text = label + "\n" + scoring.value + "\n" + danger.value + "\n" + code;
    Promise.all([sha256Hex(text), sha256Hex(key)]).then(function (made) {
      try {
        keep(made[0], { scoring: scoring.value, danger: danger.value, code: code, key: key, label: label,
          table: form.getAttribute("data-table"), game: Number(form.getAttribute("data-game")),
          round: Number(form.getAttribute("data-round")) });
      } catch (e) {
        sealError(form, "This phone cannot keep the choice (its browser storage is off or full): " +
          "use another browser, or let the host's phone seal.");
        return;
      }
      form.querySelector("[name=commitment]").value = made[0];
      form.querySelector("[name=lock]").value = made[1];
      form.querySelector("[name=unlock]").value = old ? old.key : "";
      send(form);
    });
  }
  // Send a form's values through htmx into the entry box, as its own submit would (htmx.ajax
  // does not wait for htmx to have processed a form just swapped in).
  function send(form) {
    if (!window.htmx) { form.setAttribute("data-fta-ready", "1"); form.submit(); return; }
    window.htmx.ajax("POST", form.getAttribute("hx-post"), { source: form, target: "#entry-box" });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-fta-seal]")) { return; }
    if (form.getAttribute("data-fta-ready") === "1") { form.removeAttribute("data-fta-ready"); return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    sealError(form, "");
    seal(form);
  }, true);
  // A suit picked but not sealed yet holds the entry box against live redraws (app.js).
  document.addEventListener("change", function (event) {
    var pick = event.target.closest && event.target.closest(".fta-seal-pick");
    var form = pick && document.querySelector("form[data-pick='" + pick.id + "']");
    if (form) { form.setAttribute("data-unsent", "1"); }
  });

  // Tap to peek: the kept choice and its recovery code, shown until tapped again.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-fta-peek]");
    if (!button) { return; }
    var out = button.parentNode.querySelector(".fta-peek-text");
    var on = button.getAttribute("aria-pressed") !== "true";
    if (!button.hasAttribute("data-label")) { button.setAttribute("data-label", button.textContent); }
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Hide the choice" : button.getAttribute("data-label");
    var entry = on ? kept(button.getAttribute("data-fta-peek")) : null;
    out.textContent = !on ? "" : entry
      ? "Scoring " + entry.scoring + ", danger for " + button.getAttribute("data-other") + " " +
        entry.danger + ". Recovery code " + grouped(entry.code) + ": write it down."
      : "This phone does not hold this choice: it was sealed on another phone.";
    out.hidden = !on;
  });

  // After the reveal: open the seals this phone holds, one at a time (each answer redraws the
  // box, which brings the next); fill the by-hand form of any other.
  function openKept() {
    var forms = document.querySelectorAll("form[data-fta-open]");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i], commitment = form.getAttribute("data-fta-open"), entry = kept(commitment);
      if (!entry) { continue; }
      form.querySelector("[name=scoring]").value = entry.scoring;
      form.querySelector("[name=danger]").value = entry.danger;
      form.querySelector("[name=code]").value = grouped(entry.code);
      var tried = "fta-opening:" + commitment;
      if (window.sessionStorage.getItem(tried)) { continue; }
      window.sessionStorage.setItem(tried, "1");
      send(form);
      return;
    }
  }
  // Once a round is scored its choices are public: this phone drops what it kept for them (a
  // borrowed phone keeps no one's secret). The entry box lists the scored rounds' commitments
  // and names the table, its game and the round being played: a choice kept for an earlier
  // round or game of this table goes too.
  function drop(commitment) {
    window.localStorage.removeItem(KEPT + commitment);
    window.sessionStorage.removeItem("fta-opening:" + commitment);
  }
  function past(entry, box) {
    if (!entry || entry.table !== box.getAttribute("data-table")) { return false; }
    var game = Number(box.getAttribute("data-game")), round = Number(box.getAttribute("data-round"));
    return entry.game < game || (entry.game === game && entry.round < round);
  }
  function forget() {
    var box = document.querySelector("[data-fta-forget]");
    if (!box) { return; }
    try {
      (box.getAttribute("data-fta-forget") || "").split(/\s+/).forEach(function (c) { if (c) { drop(c); } });
      var stale = [];
      for (var i = 0; i < window.localStorage.length; i++) {
        var name = window.localStorage.key(i);
        if (name && name.indexOf(KEPT) === 0 && past(kept(name.slice(KEPT.length)), box)) { stale.push(name.slice(KEPT.length)); }
      }
      stale.forEach(drop);
    } catch (e) { /* storage off: nothing was kept */ }
  }
  function later() { window.setTimeout(function () { forget(); openKept(); }, 0); }
  document.addEventListener("DOMContentLoaded", later);
  document.addEventListener("htmx:load", later);
  document.addEventListener("htmx:oobAfterSwap", later);
})();
