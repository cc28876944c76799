// The browser journeys run in Debian's Chromium; say how to get it when it is missing.
import fs from 'node:fs';

if (!fs.existsSync('/usr/bin/chromium')) {
  console.error(
    'The browser tests need Chromium at /usr/bin/chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(.ci/run does this on a fresh machine.)',
  );
  process.exit(1);
}
