// A click on a page the server drew, before the app listens on it (docs/decisions/059), is held
// here and given to the app once it does (src/app/main.tsx), instead of being lost.
(function () {
  var held = [];
  window.__heldClicks = held;
  document.addEventListener(
    'click',
    function (event) {
      if (document.documentElement.dataset.app) return;
      var root = document.getElementById('root');
      if (!root || !root.firstChild || !root.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      held.push(event.target);
    },
    true,
  );
})();
