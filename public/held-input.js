// What a person does on a page the server drew, before the app listens on it
// (docs/decisions/059): a click is held here and given to the app once it listens; text typed
// into a field stays in the field and is noted, so that the app can be told of it then
// (src/app/ready.tsx). Neither is lost.
(function () {
  var clicks = [];
  var typed = new Map();
  window.__heldInput = { clicks: clicks, typed: typed };
  var onDrawnPage = function (target) {
    if (document.documentElement.dataset.app) return false;
    var root = document.getElementById('root');
    return !!root && !!root.firstChild && root.contains(target);
  };
  document.addEventListener(
    'click',
    function (event) {
      if (!onDrawnPage(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      clicks.push(event.target);
    },
    true,
  );
  document.addEventListener(
    'input',
    function (event) {
      var field = event.target;
      if (!onDrawnPage(field) || !('value' in field)) return;
      typed.set(field, field.value);
    },
    true,
  );
})();
