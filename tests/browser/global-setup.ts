// Browser tests need the system Chromium: fail (never skip) with the command that installs it.
import { assertChromium } from '../../scripts/chromium.mjs';

export default function setup(): void {
  assertChromium();
}
