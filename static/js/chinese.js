/* Chinese Poker's setter: click a card to place it in the row being filled (front, then middle,
   then back; a row's name picks it), click a placed card to take it back. Each card's row is
   its radio button, so the form posts the same fields with or without script. Once the thirteen
   cards are placed the page says at once whether the setting fouls (the back below the middle,
   or the middle below the front) and keeps "Set my hand" off until a foul is kept on purpose.
   The server checks every setting again: this is only the player's help. */
(function () {
  "use strict";
  var doc = document;
  var ORDER = ["front", "middle", "back"];
  var RANKS = "23456789TJQKA";

  function groups(cards) {
    var counts = {};
    cards.forEach(function (c) { var r = RANKS.indexOf(c[0]); counts[r] = (counts[r] || 0) + 1; });
    return Object.keys(counts).map(Number).sort(function (a, b) {
      return (counts[b] - counts[a]) || (b - a);
    }).map(function (r) { return [r, counts[r]]; });
  }

  // [category, ranks…] on one scale for three and five cards: high card 0, pair 1, two pair 2,
  // trips 3, straight 4, flush 5, full house 6, quads 7, straight flush 8.
  function key(cards) {
    var g = groups(cards);
    var ranks = g.map(function (x) { return x[0]; });
    var shape = g.map(function (x) { return x[1]; }).join("");
    if (cards.length === 3) {
      return [shape === "3" ? 3 : shape === "21" ? 1 : 0].concat(ranks);
    }
    var flush = cards.every(function (c) { return c[1] === cards[0][1]; });
    var top = null;
    if (ranks.length === 5) {
      if (ranks[0] - ranks[4] === 4) { top = ranks[0]; }
      if (ranks.join(",") === "12,3,2,1,0") { top = 3; }
    }
    if (top !== null) { return [flush ? 8 : 4, top]; }
    if (flush) { return [5].concat(ranks); }
    var cat = {"41": 7, "32": 6, "311": 3, "221": 2, "2111": 1}[shape];
    return [cat === undefined ? 0 : cat].concat(ranks);
  }

  function compare(a, b) {
    for (var i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] !== b[i]) { return a[i] - b[i]; }
    }
    return 0;
  }

  // A five-card row against a three-card front: by category, then over the front's cards.
  function atLeast(five, three) {
    var k5 = key(five), k3 = key(three);
    if (k5[0] !== k3[0]) { return k5[0] > k3[0]; }
    return compare(k5.slice(0, k3.length), k3) >= 0;
  }

  function foul(rows, lowball) {
    var low = (lowball || "none").split("-")[0];
    if (low === "middle") { return atLeast(rows.back, rows.front) ? "" : "the front outranks the back"; }
    if (low === "back") { return atLeast(rows.middle, rows.front) ? "" : "the front outranks the middle"; }
    if (compare(key(rows.back), key(rows.middle)) < 0) { return "the middle outranks the back"; }
    if (!atLeast(rows.middle, rows.front)) { return "the front outranks the middle"; }
    return "";
  }

  function rowOf(card) {
    var checked = card.querySelector("input[type=radio]:checked");
    return checked ? checked.value : "";
  }

  function placed(form) {
    var rows = {front: [], middle: [], back: []};
    form.querySelectorAll(".cp-card").forEach(function (card) {
      var r = rowOf(card);
      if (r) { rows[r].push(card.getAttribute("data-card")); }
    });
    return rows;
  }

  function size(form, row) {
    return Number(form.querySelector('[data-zone="' + row + '"]').getAttribute("data-size"));
  }

  function update(form) {
    var rows = placed(form);
    form.querySelectorAll(".cp-card").forEach(function (card) {
      var r = rowOf(card);
      var home = r ? form.querySelector('[data-zone="' + r + '"] .cp-zone-cards')
        : form.querySelector('[data-zone="pool"]');
      if (card.parentNode !== home) { home.appendChild(card); }
    });
    var active = form.getAttribute("data-active") || "front";
    if (rows[active].length >= size(form, active)) {
      active = ORDER.filter(function (r) { return rows[r].length < size(form, r); })[0] || active;
      form.setAttribute("data-active", active);
    }
    ORDER.forEach(function (r) {
      var zone = form.querySelector('[data-zone="' + r + '"]');
      zone.classList.toggle("is-active", r === active);
      zone.querySelector("[data-zone-count]").textContent = rows[r].length + "/" + size(form, r);
    });
    var count = rows.front.length + rows.middle.length + rows.back.length;
    var status = form.querySelector("[data-setting-status]");
    var button = form.querySelector('[data-action="set-hand"]');
    var keep = form.querySelector("[data-keep-foul]");
    var why = count === 13 ? foul(rows, form.getAttribute("data-lowball")) : "";
    form.classList.toggle("is-foul", !!why);
    keep.closest("label").hidden = !why;
    if (!why) { keep.checked = false; }
    if (count < 13) {
      status.textContent = "Click a card to put it in the " + active + " (" + rows[active].length + " of " +
        size(form, active) + "); " + (13 - count) + " card" + (13 - count === 1 ? "" : "s") + " to place.";
    } else if (why) {
      status.textContent = "Foul: " + why + ". A fouled hand pays " + form.getAttribute("data-foul-points") +
        " points to each player. Move cards, or tick the box to keep it.";
    } else {
      status.textContent = "Ready: press Set my hand.";
    }
    button.disabled = !(count === 13 && (!why || keep.checked));
  }

  function setup(form) {
    if (form.classList.contains("js-placing")) { update(form); return; }
    form.classList.add("js-placing");
    form.querySelector(".cp-zones").hidden = false;
    update(form);
  }

  function place(form, card) {
    var r = rowOf(card);
    if (r) {
      card.querySelectorAll("input[type=radio]").forEach(function (i) { i.checked = false; });
      form.setAttribute("data-active", r);
    } else {
      var rows = placed(form);
      var active = form.getAttribute("data-active") || "front";
      if (rows[active].length >= size(form, active)) {
        active = ORDER.filter(function (x) { return rows[x].length < size(form, x); })[0];
      }
      if (!active) { return; }
      card.querySelector('input[value="' + active + '"]').checked = true;
    }
    update(form);
  }

  doc.addEventListener("click", function (evt) {
    var form = evt.target.closest && evt.target.closest("form.cp-setter.js-placing");
    if (!form) { return; }
    var head = evt.target.closest("[data-zone-pick]");
    if (head) {
      form.setAttribute("data-active", head.getAttribute("data-zone-pick"));
      update(form);
      return;
    }
    var card = evt.target.closest(".cp-card");
    if (card) {
      evt.preventDefault();
      place(form, card);
    }
  });
  doc.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form.cp-setter");
    if (form) { update(form); }
  });

  function all() { doc.querySelectorAll("form.cp-setter").forEach(setup); }
  doc.addEventListener("htmx:afterSettle", all);
  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", all);
  } else {
    all();
  }
})();
