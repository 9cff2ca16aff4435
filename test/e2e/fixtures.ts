/**
 * Playwright fixtures of the e2e tests: one reference bank per worker (memory store, sandbox mode),
 * Chromium resolving the group's hosts to it, and a helper to follow a PSU journey to the TPP's
 * redirect_uri, which does not exist: the navigation to it is intercepted and its URL read.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startReference } from '../../reference-aspsp/index.ts';
import type { RunningReference } from '../../reference-aspsp/index.ts';
import { SandboxClient } from './sandbox-client.ts';

/** The Chromium argument resolving every host of the group to the reference on 127.0.0.1. */
export function hostResolverRule(): string {
  return '--host-resolver-rules=MAP *.groupbank.example 127.0.0.1';
}

/** What a test gets. */
export interface E2eFixtures {
  /** Origin of institution 10101's live host on the reference's port. */
  bankOrigin: string;
  sandbox: SandboxClient;
  /** The authorize URL of an AISP journey for the demo TPP. */
  authorizeUrl: (query: Record<string, string>) => string;
  /** Waits for the journey to reach the redirect_uri and returns that URL (the request never leaves). */
  redirectOf: (page: Page, act: () => Promise<unknown>) => Promise<URL>;
}

/** What a worker shares between its tests. */
export interface E2eWorkerFixtures {
  reference: RunningReference;
}

export const test = base.extend<E2eFixtures, E2eWorkerFixtures>({
  reference: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; none here.
    async ({}, use) => {
      // The PKI is kept between runs (generating it costs most of a start); the data is fresh each time.
      const reference = await startReference({
        store: { kind: 'memory' },
        pkiDir: '.data/e2e/pki',
        log: () => undefined,
      });
      await use(reference);
      await reference.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), hostResolverRule()] });
    },
    { scope: 'worker' },
  ],
  bankOrigin: async ({ reference }, use) => {
    await use(`https://api-10101.psd2.groupbank.example:${reference.port}`);
  },
  sandbox: async ({ reference }, use) => {
    const client = new SandboxClient(reference.info, 'api-10101.psd2.groupbank.example');
    await use(client);
    await client.close();
  },
  authorizeUrl: async ({ reference, bankOrigin }, use) => {
    const tpp = reference.info.tpp;
    await use((query) => {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: tpp.clientId,
        redirect_uri: tpp.redirectUri,
        scope: 'aisp',
        ...query,
      });
      return `${bankOrigin}/stet/psd2/oauth/authorize?${params.toString()}`;
    });
  },
  redirectOf: async ({ reference }, use) => {
    const redirectUri = reference.info.tpp.redirectUri;
    await use(async (page, act) => {
      let reached: URL | undefined;
      await page.route(
        (url) => url.href.startsWith(redirectUri),
        async (route) => {
          reached = new URL(route.request().url());
          await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>back at the TPP</p>' });
        },
      );
      await act();
      await expect(page.getByText('back at the TPP')).toBeVisible();
      if (reached === undefined) throw new Error('the journey did not reach the redirect_uri');
      return reached;
    });
  },
});

export { expect };
