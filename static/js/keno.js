/* Keno: the paytable of the spot count being marked, beside the board. The spots are plain
   checkboxes of the ticket form, so a ticket is bought without script too; the server checks
   every number again. */
(function () {
  "use strict";

  function update(form) {
    var picked = form.querySelectorAll('input[name="number"]:checked').length;
    var most = parseInt(form.getAttribute("data-max-spots") || "15", 10);
    var play = form.closest("#play") || document;
    var slot = play.querySelector("[data-keno-current]");
    if (!slot) { return; }
    slot.textContent = "";
    var note = document.createElement("p");
    note.className = "keno-hint";
    if (picked === 0) {
      note.textContent = "Mark 1 to " + most + " spots, or ask for a quick pick.";
    } else if (picked > most) {
      note.textContent = picked + " spots marked: a ticket plays at most " + most + ".";
    } else {
      note.textContent = picked + " spot" + (picked === 1 ? "" : "s") + " marked.";
      var table = play.querySelector('.keno-paytable[data-spots="' + picked + '"]');
      if (table) {
        var copy = table.cloneNode(true);
        copy.setAttribute("data-testid", "current-paytable");
        slot.appendChild(copy);
      }
    }
    slot.insertBefore(note, slot.firstChild);
  }

  document.addEventListener("change", function (ev) {
    var box = ev.target;
    if (box && box.name === "number" && box.form && box.form.classList.contains("keno-ticket")) {
      update(box.form);
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    var form = document.querySelector("form.keno-ticket");
    if (form) { update(form); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.keno-ticket");
    if (form) { update(form); }
  });
})();
