/* The draw games' decision: the ticked cards are the ones thrown away. The page only names the
   button ("Draw 2") and keeps it off until a card is ticked ("Stand pat" is its own button);
   the form works without it, and the server checks every draw again. */
(function () {
  "use strict";
  var doc = document;

  function update(form) {
    var ticked = form.querySelectorAll('input[name="card"]:checked').length;
    var button = form.querySelector("[data-draw-button]");
    if (!button) { return; }
    button.textContent = ticked ? "Draw " + ticked : "Draw";
    button.disabled = ticked === 0;
  }

  function all() {
    doc.querySelectorAll("form[data-draw-form]").forEach(update);
  }

  doc.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form[data-draw-form]");
    if (form) { update(form); }
  });
  doc.addEventListener("htmx:afterSettle", all);
  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", all);
  } else {
    all();
  }
})();
