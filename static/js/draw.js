/* The draw games' decision: the ticked cards are the ones thrown away. The page only names the
   button ("Draw 2") and keeps it off until a card is ticked ("Stand pat" is its own button);
   the form works without it, and the server checks every draw again. (ticks.js) */
(function () {
  "use strict";

  window.cardTicks("form[data-draw-form]", function (form) {
    var ticked = window.cardTicks.ticked(form).length;
    var button = form.querySelector("[data-draw-button]");
    if (!button) { return; }
    button.textContent = ticked ? "Draw " + ticked : "Draw";
    button.disabled = ticked === 0;
  });
})();
