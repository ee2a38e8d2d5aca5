/* The pai gow hand-setting rail: the two ticked cards are the low hand. The page says at once
   whether the setting would foul (the fronts that foul come with the form) and keeps the Set
   button off until two cards that do not foul are ticked. The server checks every setting
   again: this is only the player's help (ticks.js). */
(function () {
  "use strict";

  window.cardTicks("form.paigow-setter", function (form) {
    var picked = window.cardTicks.ticked(form);
    var fouls = (form.getAttribute("data-fouls") || "").split(",").filter(Boolean);
    var status = form.querySelector("[data-setting-status]");
    var button = form.querySelector('[data-action="set-hand"]');
    var front = form.querySelector("[data-front]");
    var key = picked.slice().sort().join(" ");
    var foul = picked.length === 2 && fouls.indexOf(key) >= 0;
    // Pai Gow tiles: the things ticked are tiles, and the form names both hands of each setting.
    var item = form.getAttribute("data-item") || "card";
    var words = {};
    try { words = JSON.parse(form.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
    var named = words[key] ? " (" + words[key] + ")" : "";
    var msg;
    if (picked.length === 0) {
      msg = "Tick two " + item + "s for the low hand.";
    } else if (picked.length < 2) {
      msg = "Tick " + (2 - picked.length) + " more " + item + (picked.length === 1 ? "" : "s") + " for the low hand.";
    } else if (picked.length > 2) {
      msg = "Only two " + item + "s go to the low hand: untick one.";
    } else if (foul) {
      msg = "Foul: this low hand would outrank the high hand" + named + ". Choose other " + item + "s.";
    } else {
      msg = "Ready" + named + ": press " + (item === "card" ? "Set hand" : button.textContent.trim()) + ".";
    }
    front.value = picked.length === 2 ? key : "";
    status.textContent = msg;
    form.classList.toggle("is-foul", foul);
    button.disabled = !(picked.length === 2 && !foul);
  });
})();
