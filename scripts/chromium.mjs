// Where the Debian Chromium is and how to launch it headless here; shared by vitest's browser mode
// and the end-to-end runner. Playwright never downloads a browser in this project.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags that work headless as root. Without the background-networking ones Chromium floods a closed
 * network with requests. (Playwright refuses --user-data-dir here: use a persistent context instead.)
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_MISSING = `Chromium not found at ${CHROMIUM_PATH}: run apt-get install -y chromium (or set CHROMIUM_PATH)`;

/** Throws with an actionable message when the browser is not installed. */
export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
}
