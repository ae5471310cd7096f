// AlphaGrams: a word being typed, its card rows and the target it was drawn for survive a
// live redraw of the entry box (another phone's move, a judge's confirmation). The form's
// own fields are kept with companionPersist (static/app.js); sending clears them.
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
      var el = form.querySelector("[name='" + name + "']");
      if (!el) { return; }
      if (el.type === "checkbox") { el.checked = !!data.fields[name]; } else { el.value = data.fields[name]; }
    });
    form.setAttribute("data-restored", "1");
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

  function wordForm(root) {
    var scope = root && root.querySelector ? root : document;
    return scope.id === "word-form" ? scope : scope.querySelector("#word-form");
  }

  function arrived(root) {
    var form = wordForm(root) || wordForm(document);
    if (!form || form.getAttribute("data-seen")) { return; }
    form.setAttribute("data-seen", "1");
    restore(form);
    var word = form.querySelector("#ag-word");
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

  function edited(event) {
    var form = event.target.closest && event.target.closest("#word-form");
    if (!form) { return; }
    if (event.target.id === "ag-word" || event.target.id === "ag-steal") { follow(form); }
    save(form);
  }
  document.addEventListener("input", edited);
  document.addEventListener("change", edited);
  document.addEventListener("DOMContentLoaded", function () { arrived(document); });
  document.addEventListener("htmx:afterSwap", function (event) { arrived(event.detail.target); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { arrived(event.detail.target); });
})();
