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
    var box = form.querySelector("[data-confirm]");
    if (box) { fillConfirm(form, box, box.getAttribute("data-confirm")); }
  }

  // ---- One-tap completions ("Rest -> X", "All the rest are mine") ask first ----
  // The tap opens a box under the button that says what would be recorded, with "Record it"
  // (the one button that sends, carrying the same "rest" value) and "Not yet" (removes the
  // box: the form is as it was); the box is app.js's companionConfirm, the words are here.
  // Points are worked out here only when the table's options make that plain (hearts 1,
  // Q-spades 13, no bonus card, no partners, no moon).
  // "QS" -> "Q" and the spades sign; the confirm box draws the sign as an icon (app.js).
  var SIGNS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  function cardText(c) { return (c.charAt(0) === "T" ? "10" : c.charAt(0)) + (SIGNS[c.charAt(1)] || c.charAt(1)); }
  function faces(form, cards) { return cards.map(cardText).join(" "); }
  function count(n) { return n + " card" + (n === 1 ? "" : "s"); }
  function allCards(form) {
    return Array.prototype.map.call(form.querySelectorAll(".hcard"), function (b) { return b.getAttribute("data-card"); });
  }
  function sumPoints(form, cards) {
    return cards.reduce(function (total, c) { return total + cardPoints(c, form); }, 0);
  }
  // "That makes the hand: Ann 4, Bob 22, Cy 0", or why the app scores it itself.
  function handWords(form, names, bySeat) {
    var every = allCards(form).length, parts = [], i;
    for (i = 0; i < names.length; i += 1) {
      if ((bySeat[i] || []).length === every && every) {
        return names[i] + " would take every card: a moon. The app scores it when recorded.";
      }
    }
    if (form.getAttribute("data-plain") !== "1") {
      for (i = 0; i < names.length; i += 1) {
        parts.push(names[i] + " " + ((bySeat[i] || []).length ? faces(form, bySeat[i]) : "none"));
      }
      return "Cards per player: " + parts.join("; ") + ". The app scores it when recorded.";
    }
    for (i = 0; i < names.length; i += 1) { parts.push(names[i] + " " + sumPoints(form, bySeat[i] || [])); }
    return "That makes the hand: " + parts.join(", ") + ".";
  }

  function confirmAll(form, seat) {
    var who = owners(form), names = [], bySeat = {}, left = [];
    form.querySelectorAll(".seat-tab").forEach(function (tab) {
      names[parseInt(tab.getAttribute("data-seat"), 10)] = tab.getAttribute("data-name");
    });
    allCards(form).forEach(function (c) {
      var s = who[c] === undefined ? seat : who[c];
      if (who[c] === undefined) { left.push(c); }
      (bySeat[s] = bySeat[s] || []).push(c);
    });
    var name = names[seat];
    var sun = form.querySelector("select[name=sun]");
    if (sun && sun.value !== "") {
      return [names[parseInt(sun.value, 10)] + " is marked as taking every trick, so every card goes to " +
        names[parseInt(sun.value, 10)] + ". The app scores it when recorded."];
    }
    var what = left.length ?
      "Give " + name + " the " + count(left.length) + " left: " + faces(form, left) + "?" :
      "No card is left to give " + name + ". Record the hand as tapped?";
    return [what, handWords(form, names, bySeat)];
  }

  function confirmMine(form) {
    var me = form.getAttribute("data-seat"), names = [];
    try { names = JSON.parse(form.getAttribute("data-names") || "[]"); } catch (e) { names = []; }
    var mine = list(form.querySelector("[data-mine]")), add = [], bySeat = {}, single = true;
    form.querySelectorAll(".hcard").forEach(function (b) {
      var card = b.getAttribute("data-card");
      var others = (b.getAttribute("data-other-seats") || "").split(" ").filter(Boolean);
      var have = mine.indexOf(card) >= 0;
      if (!have && !others.length) { add.push(card); have = true; }
      if (have) { others.push(me); }
      if (others.length !== 1) { single = false; }
      others.forEach(function (s) { (bySeat[s] = bySeat[s] || []).push(card); });
    });
    var sun = form.querySelector("input[name=sun]");
    if (sun && sun.checked) {
      return ["You marked that you took every trick: every card is recorded as yours. The app scores it when recorded."];
    }
    var yours = mine.concat(add);
    var what = add.length ?
      "Claim the " + count(add.length) + " nobody else has claimed: " + faces(form, add) + "?" :
      "Every card is claimed already. Send your cards as tapped?";
    var lines = [what, "Your cards would be: " + (yours.length ? faces(form, yours) : "none") +
      (form.getAttribute("data-plain") === "1" ? " (" + sumPoints(form, yours) + " points)." : ".")];
    lines.push(single ? handWords(form, names, bySeat) :
      "The hand counts once every card is claimed once; some are not yet, or twice.");
    return lines;
  }

  function fillConfirm(form, box, value) {
    var lines = form.getAttribute("data-grid") === "all" ? confirmAll(form, parseInt(value, 10)) : confirmMine(form);
    window.companionConfirm.fill(box, lines);
  }
  function openConfirm(form, restButton) {  // the box itself is app.js's (companionConfirm)
    var lines = form.getAttribute("data-grid") === "all" ?
      confirmAll(form, parseInt(restButton.value, 10)) : confirmMine(form);
    window.companionConfirm.open(form, restButton, lines);
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
      if (kind === "trick") { return lastOfDeck(form, input); }
    }
    return false;
  }

  // ---- Trick by trick: the deck's last card goes in by itself, and a trick is sent when
  // its last card is tapped (the leader known). A form drawn with its cards already in (sent
  // back after a refusal) waits for its Save button: only a tap sends. ----
  function lastOfDeck(form, input) {
    var players = parseInt(form.getAttribute("data-players"), 10), cards = list(input);
    var grid = Array.prototype.map.call(form.querySelectorAll(".hcard"), function (b) { return b.getAttribute("data-card"); });
    var free = grid.filter(function (c) { return cards.indexOf(c) < 0; });
    if (cards.length === players - 1 && grid.length === players && free.length === 1) {
      put(input, cards.concat(free));  // the last trick: the one card nobody has played yet
      cards = list(input);
    }
    return cards.length === players;
  }
  function sendTrick(form) {
    if (!form.querySelector("[name=leader]:checked")) {  // sent once the leader is tapped
      form.setAttribute("data-await-leader", "1");
      return;
    }
    form.removeAttribute("data-await-leader");
    var button = form.querySelector("button.save");
    if (form.requestSubmit) { form.requestSubmit(button || undefined); } else if (button) { button.click(); }
  }

  function init(root) {
    var base = root || document;
    var forms = Array.prototype.slice.call(base.querySelectorAll("form[data-grid]"));
    if (base.matches && base.matches("form[data-grid]")) { forms.push(base); }
    forms.forEach(function (form) {
      form.classList.add("js");
      if (form.hasAttribute("data-ready")) { return; }
      form.setAttribute("data-ready", "1");
      form.querySelectorAll("[data-cards]").forEach(function (g) { g.hidden = false; });
      restore(form);
      render(form);
    });
  }

  document.addEventListener("click", function (event) {
    var form = event.target.closest("form[data-grid]");
    if (!form) { return; }
    var rest = event.target.closest("button.rest");
    if (rest) {  // never sends by itself: ask first
      event.preventDefault();
      openConfirm(form, rest);
      return;
    }
    if (event.target.closest("[data-confirm-cancel]")) { return; }  // app.js closes the box
    var card = event.target.closest(".hcard");
    var tab = event.target.closest(".seat-tab");
    var full = false;
    if (card) { full = tapCard(form, card.getAttribute("data-card")); }
    else if (tab) { form.setAttribute("data-active", tab.getAttribute("data-seat")); }
    else { return; }
    save(form);
    render(form);
    if (full) { sendTrick(form); }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-grid]");
    if (!form) { return; }
    save(form);
    render(form);
    // the leader tapped after the trick's cards (the first trick): that tap sends it
    if (event.target.name === "leader" && form.hasAttribute("data-await-leader") &&
        list(form.querySelector("[data-trick-cards]")).length === parseInt(form.getAttribute("data-players"), 10)) {
      sendTrick(form);
    }
  });
  // ---- Numbers: the running sum, and the moon/sun buttons ask first ----
  function pointsSum(form) {
    var total = 0, bad = false;
    form.querySelectorAll(".points-box").forEach(function (box) {
      var text = box.value.trim();
      if (text === "") { return; }
      if (!/^-?[0-9]+$/.test(text)) { bad = true; return; }
      total += parseInt(text, 10);
    });
    var want = parseInt(form.getAttribute("data-total"), 10);
    var out = form.querySelector("[data-points-sum]");
    if (!out) { return; }
    out.textContent = bad ? "Whole numbers only." :
      (total === want ? "Adds up to " + want + "." : "Adds up to " + total + " of " + want + ".");
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.points-form");
    if (form) { pointsSum(form); }
  });
  function askMoon(form, button, first) {
    var who = button.textContent.replace(/ (shot the moon|took every trick)$/, "");
    var line = button.name === "sun" ? who + " took every trick this hand." :
      who + " took every penalty card: a moon for " + who + ".";
    var lines = first ? [first(who), "Record it as " + who + "'s moon, the same as the moon button?"] : [line];
    var bonus = form.querySelector("select[name=bonus]");
    if (bonus && button.name === "moon") {
      var face = cardText(bonus.getAttribute("data-bonus-card") || "");
      lines.push(bonus.value === "" ? "Pick who took the " + face + " in its box first." :
        bonus.options[bonus.selectedIndex].text + " took the " + face + ".");
    }
    window.companionConfirm.open(form, button, lines);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".moon-buttons button[name]");
    if (!button || button.hasAttribute("data-confirm-record")) { return; }
    event.preventDefault();
    askMoon(button.closest("form"), button, null);
  });
  // Typed numbers that only a moon gives (one player 26, the rest 0, or the bonus card's
  // points for its taker) ask first too, exactly as that player's moon button: "Record it"
  // sends the moon. The server asks the same when this script did not run.
  function typedMoon(form) {
    var values = [], total = 0, bad = false;
    form.querySelectorAll(".points-box").forEach(function (box) {
      var text = box.value.trim();
      if (text !== "" && !/^-?[0-9]+$/.test(text)) { bad = true; }
      var n = text === "" ? 0 : parseInt(text, 10);
      values.push(n);
      total += n;
    });
    if (bad || total !== parseInt(form.getAttribute("data-total"), 10)) { return null; }
    var bonusText = form.getAttribute("data-bonus-points");
    var bonusPoints = bonusText ? parseInt(bonusText, 10) : null;
    var shooter = values.indexOf(26), bonusSeat = null;
    if (shooter < 0 || values.lastIndexOf(26) !== shooter) { return null; }
    for (var i = 0; i < values.length; i += 1) {
      if (i === shooter || values[i] === 0) { continue; }
      if (bonusPoints === null || values[i] !== bonusPoints || bonusSeat !== null) { return null; }
      bonusSeat = i;
    }
    if (bonusPoints !== null && bonusSeat === null) { return null; }
    return { shooter: shooter, bonus: bonusSeat };
  }
  document.addEventListener("click", function (event) {
    var save = event.target.closest && event.target.closest("form.points-form button[type=submit]:not([name])");
    if (!save) { return; }
    var form = save.closest("form"), moon = typedMoon(form);
    var button = moon && form.querySelector(".moon-buttons button[name=moon][value='" + moon.shooter + "']");
    if (!button) { return; }
    event.preventDefault();
    var bonus = form.querySelector("select[name=bonus]");
    if (bonus && moon.bonus !== null) { bonus.value = String(moon.bonus); }
    askMoon(form, button, function (who) { return who + " has all 26 points: that is a moon for " + who + "."; });
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { init(event.detail.target); });
  // A swapped-in form with the same id as the old one wears the old one's class until htmx
  // settles, then gets its own back (without "js", so the typed boxes showed): mark it again.
  document.addEventListener("htmx:afterSettle", function () { init(document); });

  // A tap on a hand's row in the sheet changes that hand in place of the open hand's entry
  // (htmx), so the page never carries two card grids; "Back to hand N" or saving brings the
  // open hand back. Without script the link opens the hand's own page.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#sheet a.cell-link");
    var box = document.getElementById("entry-box");
    var href = link ? link.getAttribute("href") || "" : "";
    if (!box || !window.htmx || !/\/hearts\/[0-9]+\/edit(\?game=[0-9]+)?$/.test(href)) { return; }
    event.preventDefault();
    window.htmx.ajax("GET", href, { target: "#entry-box", swap: "innerHTML", source: link });
  });
  // Opening or leaving a change of an earlier hand shows the entry box from its top (just
  // under the bar), wherever on the page the tap was.
  // A saved hand shows the page from the top: the hand panel, the hand's summary (it comes with
  // the live update) and the saved line.
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target, elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!box || box.id !== "entry-box" || !elt || !elt.closest) { return; }
    var saved = box.querySelector("#saved-box .saved");
    if (saved && /^Hand [0-9]+ (saved|changed)/.test(saved.textContent)) {
      window.scrollTo(0, 0);
      return;
    }
    if (!elt.closest("#fix, .fix-box, .again, a.cell-link")) { return; }
    var bar = document.querySelector("header");
    var below = bar ? bar.getBoundingClientRect().height + 8 : 70;
    window.scrollTo(0, Math.max(0, box.getBoundingClientRect().top + window.scrollY - below));
  });
})();
