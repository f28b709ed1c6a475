// Two test projects: `node` (driver, sync server, integration: plain Node) and `browser` (real
// Chromium through Playwright, for what only a browser has, such as IndexedDB).
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import solid from 'vite-plugin-solid';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // Several suites start CLI processes (tsx costs ~1.5 s of CPU each) on a 2-core machine
          // while other files run in parallel: 5 s is too tight there, a hang still fails.
          testTimeout: 30_000,
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
        },
      },
      {
        // Solid components (.tsx) render in the browser project as in the app.
        plugins: [solid()],
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          // Failure screenshots and annotations are scratch output: keep them in the ignored .tmp/.
          attachmentsDir: '.tmp/vitest-attachments',
          browser: {
            enabled: true,
            headless: true,
            screenshotDirectory: '.tmp/vitest-screenshots',
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
