// AlphaGrams: a word being typed, its card rows and the target it was drawn for survive a
// live redraw of the entry box (another phone's move, a judge's confirmation) and the turn's
// card being turned (kept for the turn it was typed on). The form's own fields are kept with
// companionPersist (static/app.js); sending clears them, a refusal that keeps them saves them
// again. What the table took back meanwhile (a pool card, the word being taken) is dropped
// from the kept form and said, the rest stays.
(function () {
  "use strict";

  function save(form) {
    var data = { fields: {}, rows: null };
    form.querySelectorAll("input[name], select[name]").forEach(function (el) {
      if (el.name === "csrf_token") { return; }
      data.fields[el.name] = el.type === "checkbox" ? (el.checked ? el.value : "") : el.value;
    });
    var rows = form.querySelector("#letter-rows");
    data.rows = rows ? rows.outerHTML : null;
    window.companionPersist.save(form, data);
  }

  function restore(form) {
    var data = window.companionPersist && window.companionPersist.load(form);
    if (!data || !data.fields) { return; }
    var turn = form.querySelector("[name=turn]");
    if (turn && data.fields.turn !== undefined && data.fields.turn !== turn.value) {
      if (form.hidden) { return; }  // said where it can be read: in the form once it shows
      // typed for a turn that is over: never a word of the next player's; say what was lost
      window.sessionStorage.removeItem(form.getAttribute("data-persist"));
      if (data.fields.word) { notMade(form, data.fields.word); }
      return;
    }
    var steal = form.querySelector("#ag-steal");
    if (data.rows && !form.querySelector("#letter-rows") && steal) {
      steal.closest("label").insertAdjacentHTML("afterend", data.rows);
    }
    Object.keys(data.fields).forEach(function (name) {
      // the target it was drawn for, unless the move since was this phone's own card
      if (data.ownFlip && (name === "version" || name === "seat")) { return; }
      var el = form.querySelector("[name='" + name + "']");
      if (!el) { return; }
      if (el.type === "checkbox") { el.checked = !!data.fields[name]; } else { el.value = data.fields[name]; }
    });
    if (data.fields.word) { form.hidden = false; }
    form.setAttribute("data-restored", "1");
    if (data.ownFlip) { save(form); }  // once: the form now names the table after the card
  }

  function notMade(form, word) {
    var label = form.querySelector("#ag-word");
    if (!label || form.querySelector("#ag-not-made")) { return; }
    var note = document.createElement("p");
    note.className = "now";
    note.id = "ag-not-made";
    note.setAttribute("role", "alert");
    note.textContent = "Not made: " + word.toUpperCase() + ", typed before the turn moved on.";
    label.closest("label").insertAdjacentElement("beforebegin", note);
  }

  function say(form, id, text, where) {
    if (form.querySelector("[data-gone='" + id + "']")) { return; }
    var note = document.createElement("p");
    note.className = "field-error ag-dropped";
    note.setAttribute("role", "alert");
    note.setAttribute("data-gone", id);
    note.textContent = text;
    where.insertAdjacentElement("beforebegin", note);
  }

  // a kept form against the table now (the pool and the words on it, from the box drawn for
  // the table now): a card taken from the pool that is no longer there, or a word taken that
  // is no longer on the table, is dropped and said; every other choice stays
  function check(form) {
    var pool = document.getElementById("ag-pool");
    if (!pool || !form) { return; }
    var left = {};
    (pool.getAttribute("data-cards") || "").split(" ").forEach(function (c) {
      if (c) { left[c] = (left[c] || 0) + 1; }
    });
    var words = (pool.getAttribute("data-words") || "").split(" ");
    var steal = form.querySelector("#ag-steal"), word = form.querySelector("#ag-word");
    if (steal && steal.value && words.indexOf(steal.value) < 0) {
      var rows = form.querySelector("#letter-rows");
      if (rows) { rows.remove(); }
      say(form, "steal", "The word " + (word ? word.value.toUpperCase() : "") + " was taking is " +
        "no longer on the table (it was taken back): your word is kept; choose what it takes again.",
        steal.closest("label"));
      steal.value = "";
      save(form);
      return;
    }
    form.querySelectorAll("#letter-rows .letter-row").forEach(function (row) {
      var card = row.querySelector("select[name^='card-']");
      var src = row.querySelector("select[name^='src-']");
      if (!card || !src || src.value !== "pool") { return; }
      var name = card.value === "?" ? "" : card.value;
      var key = card.value;
      if (left[key] > 0) { left[key] -= 1; return; }
      if (!src.querySelector("option[value='']")) {
        var blank = document.createElement("option");
        blank.value = "";
        blank.textContent = "say where";
        src.insertBefore(blank, src.firstChild);
      }
      src.value = "";
      mine(row);
      row.classList.add("asked");
      var details = row.closest("details");
      if (details) { details.open = true; resay(details, row.getAttribute("data-letter")); }
      say(form, "row-" + row.getAttribute("data-index"), row.getAttribute("data-letter") +
        ": the pool has no " + (name || "wild") + " card now (it was taken back).", row);
      save(form);
    });
  }

  // the line of cards filled in no longer says a dropped card came from the pool
  function resay(details, letter) {
    var summary = details.querySelector("summary");
    if (!summary) { return; }
    var done = false;
    summary.textContent = summary.textContent.split(" · ").map(function (part) {
      var said = part.replace(/^(The rest|Cards): /, "");
      if (done || said.indexOf(letter) !== 0 || !/ from the pool$/.test(said)) { return part; }
      done = true;
      return part.slice(0, part.length - said.length) + letter + ": say where";
    }).join(" · ");
  }

  function wordForm(root) {
    var scope = root && root.querySelector ? root : document;
    return scope.id === "word-form" ? scope : scope.querySelector("#word-form");
  }

  function arrived(root) {
    var form = wordForm(root) || wordForm(document);
    if (!form) { return; }
    if (form.getAttribute("data-seen")) { check(form); return; }  // a held form, kept
    form.setAttribute("data-seen", "1");
    var word = form.querySelector("#ag-word");
    var stored = window.companionPersist && window.companionPersist.load(form);
    if (word && word.value && !stored) {
      save(form);  // drawn again with the input kept (a refusal): kept for this turn
    } else {
      restore(form);
    }
    check(form);
    if (form.querySelector("#letter-rows") && word) {
      // the rows just composed are unsent input too: say so the usual way
      word.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // the card rows belong to the word (and the word taken) they were drawn for: once either
  // is edited, the rows go, and "Make the word" draws the rows of the word as it is now
  function follow(form) {
    var rows = form.querySelector("#letter-rows");
    var word = form.querySelector("#ag-word");
    var steal = form.querySelector("#ag-steal");
    if (!rows || !word) { return; }
    var now = word.value.trim().toUpperCase().slice(0, 40) + "|" + (steal ? steal.value.trim() : "");
    if (rows.getAttribute("data-for") !== now) { rows.remove(); }
  }

  // a row the app filled in and the phone changes is the phone's choice from then on
  function mine(row) {
    var auto = row && row.querySelector("input[name^='auto-']");
    if (auto) { auto.remove(); }
  }

  function edited(event) {
    var form = event.target.closest && event.target.closest("#word-form");
    if (!form) { return; }
    if (event.type === "change" && event.target.closest(".letter-row")) {
      mine(event.target.closest(".letter-row"));
    }
    if (event.target.id === "ag-word" || event.target.id === "ag-steal") { follow(form); }
    save(form);
  }
  // this phone turns the turn's card while a word waits for it: the word is made on the
  // table after that card, not refused as changed elsewhere
  document.addEventListener("submit", function (event) {
    var form = document.getElementById("word-form");
    if (!event.target.closest || !event.target.closest("#flip-form") || !form) { return; }
    var data = window.companionPersist && window.companionPersist.load(form);
    if (data && data.fields && data.fields.word) {
      data.ownFlip = true;
      window.companionPersist.save(form, data);
    }
  }, true);
  // this phone's own answer redraws the entry box where it was: the browser's scroll
  // anchoring would otherwise carry the page off (a word's asked rows drawn below the word
  // left the page near its foot, 500 -> 1747); a line saying what was made is brought into
  // sight after (app.js)
  var keptY = null;
  function ownBox(event) {
    return event.detail.target && event.detail.target.id === "entry-box" &&
      document.getElementById("ag-entry");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    keptY = ownBox(event) ? window.scrollY : null;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (keptY === null || !ownBox(event)) { return; }
    if (window.scrollY !== keptY) { window.scrollTo(0, keptY); }
    keptY = null;
  });
  document.addEventListener("input", edited);
  document.addEventListener("change", edited);
  document.addEventListener("DOMContentLoaded", function () { arrived(document); });
  document.addEventListener("htmx:afterSwap", function (event) { arrived(event.detail.target); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { arrived(event.detail.target); });
})();
