// The browser's locale and time zone, kept in a cookie for the server, which draws this person's
// signed-in pages (docs/decisions/059): a person who chose neither sees numbers and dates drawn as
// the browser will show them, not in the server's. Read nowhere else; set again when it changes.
(function () {
  try {
    var resolved = new Intl.DateTimeFormat().resolvedOptions();
    var value = encodeURIComponent((resolved.locale || '') + ' ' + (resolved.timeZone || ''));
    if (document.cookie.split('; ').indexOf('browser-formats=' + value) === -1)
      document.cookie = 'browser-formats=' + value + '; path=/; max-age=31536000; samesite=lax';
  } catch {
    // No Intl or no cookies: the server draws in its own formats, the browser redraws.
  }
})();
