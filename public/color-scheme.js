// Applies the saved colour scheme before the first paint, so dark mode does not flash light.
(function () {
  try {
    var saved = window.localStorage.getItem('mantine-color-scheme-value');
    var dark =
      saved === 'dark' ||
      ((saved === null || saved === 'auto') &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
