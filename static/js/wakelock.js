// Keeps the screen awake while a scoresheet is open (Screen Wake Lock), so the phone on the
// table does not go dark between deals. The browser drops the lock whenever the page is hidden;
// it is asked for again when the page comes back. Where the API is missing or refuses (low
// battery, no permission), nothing happens: the sheet works the same.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  let lock = null;

  async function keepAwake() {
    if (lock || document.visibilityState !== "visible" || !document.getElementById("sheet")) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () { lock = null; });
    } catch (refused) {
      lock = null;
    }
  }

  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  if (document.readyState !== "loading") keepAwake();
})();
