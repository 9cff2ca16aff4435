/**
 * Playwright configuration of the browser tests (`npm run test:e2e`): the reference bank's PSU pages
 * driven in Debian's Chromium (`apt-get install chromium`), never a downloaded browser.
 *
 * No `clientCertificates` here, on purpose: the PSU's browser presents no certificate (the QWAC is the
 * TPP's), and with `clientCertificates` Playwright sends the traffic through its own SOCKS proxy, which
 * resolves host names in Node and so ignores Chromium's `--host-resolver-rules` (the group's hosts fail
 * with ERR_SOCKS_CONNECTION_FAILED). The tests call the mTLS sandbox API from Node instead.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** The system Chromium; override with `CHROMIUM_PATH`. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  // Fail loudly: the browser tests are part of `npm test`, a missing browser must not pass silently.
  throw new Error(
    `Chromium not found at ${chromiumPath}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
  );
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    ignoreHTTPSErrors: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
