// Seating by hand in one tap a seat. The form works without this script (a select per seat);
// with it, the players present and free are a row of names: a tap seats that player at the
// next open seat (the first table short of its expected size, data-size, then any empty seat),
// a second tap takes them off again. The selects stay the form's values, and a change made in
// a select shows on the names too.
(function () {
  "use strict";

  function setup(form) {
    var picker = form.querySelector("[data-seat-picker]");
    if (!picker) return;
    var tables = Array.prototype.slice.call(form.querySelectorAll(".seating-table"));
    var selects = Array.prototype.slice.call(form.querySelectorAll(".seating-table select"));
    var full = picker.querySelector("[data-seats-full]");
    picker.hidden = false;

    function seatOf(player) {
      for (var i = 0; i < selects.length; i++) if (selects[i].value === player) return selects[i];
      return null;
    }

    function nextOpen() {
      for (var t = 0; t < tables.length; t++) {
        var seats = Array.prototype.slice.call(tables[t].querySelectorAll("select"));
        var size = parseInt(tables[t].getAttribute("data-size"), 10) || seats.length;
        var taken = seats.filter(function (seat) { return seat.value; }).length;
        if (taken < size) {
          for (var s = 0; s < seats.length; s++) if (!seats[s].value) return seats[s];
        }
      }
      for (var i = 0; i < selects.length; i++) if (!selects[i].value) return selects[i];
      return null;
    }

    function refresh() {
      picker.querySelectorAll("[data-player]").forEach(function (chip) {
        var seat = seatOf(chip.getAttribute("data-player"));
        chip.setAttribute("aria-pressed", seat ? "true" : "false");
        var where = chip.querySelector("[data-seat-of]");
        where.textContent = seat ? seat.closest(".seating-table").querySelector("legend").textContent : "";
      });
    }

    picker.addEventListener("click", function (event) {
      var chip = event.target.closest("[data-player]");
      if (!chip) return;
      var player = chip.getAttribute("data-player");
      var seat = seatOf(player);
      full.hidden = true;
      if (seat) {
        seat.value = "";
      } else {
        var open = nextOpen();
        if (!open) {
          full.hidden = false;
          return;
        }
        open.value = player;
      }
      refresh();
    });
    form.addEventListener("change", refresh);
    refresh();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-seat-by-tap]").forEach(setup);
  });
})();
