/**
 * `npm run test:e2e`: runs the Playwright browser tests in the system Chromium.
 *
 * Without Chromium it fails with what to install, never passes silently: the browser tests are part of
 * `npm test`. `SKIP_BROWSER_TESTS=1` skips them on purpose (outside CI only), saying so loudly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

if (!existsSync(chromium)) {
  if (process.env.SKIP_BROWSER_TESTS === '1' && !inCi) {
    process.stderr.write(
      `\n*** BROWSER TESTS SKIPPED (SKIP_BROWSER_TESTS=1): no Chromium at ${chromium} ***\n\n`,
    );
    process.exit(0);
  }
  process.stderr.write(
    `\nThe browser tests need Chromium at ${chromium} and it is not there.\n` +
      'Install it with `apt-get install -y chromium` (as .ci/run does), or set CHROMIUM_PATH.\n' +
      (inCi ? '' : 'To skip them on purpose on this machine: SKIP_BROWSER_TESTS=1 npm test\n') +
      '\n',
  );
  process.exit(1);
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
