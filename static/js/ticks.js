/* Forms of ticked cards (the draw games' discards, pai gow's low hand): `cardTicks(selector,
   update)` calls `update(form)` for each matching form when one of its cards is ticked or
   unticked, after htmx settles a new felt, and once the page is read. `cardTicks.ticked(form)`
   is the values of the ticked cards, in the form's order. Only the player's help: the forms
   post without it and the server checks every choice again. */
(function () {
  "use strict";
  var doc = document;

  function cardTicks(selector, update) {
    function all() {
      doc.querySelectorAll(selector).forEach(update);
    }

    doc.addEventListener("change", function (evt) {
      var form = evt.target.closest && evt.target.closest(selector);
      if (form) { update(form); }
    });
    doc.addEventListener("htmx:afterSettle", all);
    if (doc.readyState === "loading") {
      doc.addEventListener("DOMContentLoaded", all);
    } else {
      all();
    }
  }

  cardTicks.ticked = function (form) {
    return Array.prototype.slice.call(form.querySelectorAll('input[name="card"]:checked'))
      .map(function (input) { return input.value; });
  };

  window.cardTicks = cardTicks;
})();
