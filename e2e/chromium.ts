// The browser every journey and the page benchmark run: Debian's Chromium (no browser downloads
// on this machine), without the sandbox a container refuses and without background traffic.
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
