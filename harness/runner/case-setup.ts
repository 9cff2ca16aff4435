/**
 * The `given` of a case turned into actions: a fresh PSU (sandbox) or the target's persona, the
 * clock, the login (consent journey and code exchange) and the consent shorthand (PUT /consents with
 * the accounts the selectors pick from the unconsented account list).
 */
import type {
  AccountSelector,
  CaseDefinition,
  ConsentShorthand,
  StepDefinition,
} from '../suite/suite-definition.ts';
import type { CaseContext } from './case-context.ts';
import { queryJson } from './json-path.ts';

const noExpectations: StepDefinition['expect'] = { headers: {}, json: [], every: [], links: [], rules: {} };

/** A set-up step and what to prepare in the context just before it runs. */
export interface SetupStep {
  step: StepDefinition;
  prepare?: (ctx: CaseContext) => void;
}

/** Steps (as suite data) performing the login and consent of `given`, run like any other step. */
export function setupSteps(definition: CaseDefinition): SetupStep[] {
  const given = definition.given;
  const consent = given.consent;
  const at = definition.at;
  const steps: SetupStep[] = [];
  if (given.login) {
    steps.push({
      step: {
        name: 'given: PSU consents (journey)',
        at,
        action: {
          kind: 'journey',
          outcome: 'consent',
          loginHint: true,
          scope: undefined,
          link: undefined,
          redirectUri: undefined,
          clientId: undefined,
          account: undefined,
          otp: undefined,
          tpp: undefined,
        },
        expect: { ...noExpectations, json: [{ path: '$.code', exists: true }] },
        capture: {},
      },
    });
    steps.push({
      step: {
        name: 'given: token exchange',
        at,
        action: {
          kind: 'token',
          grant: 'exchange',
          code: undefined,
          refreshToken: undefined,
          redirectUri: undefined,
          clientId: undefined,
          codeVerifier: undefined,
          scope: undefined,
          fallback: false,
          form: {},
          keep: true,
          tpp: undefined,
        },
        expect: { ...noExpectations, status: [200], json: [{ path: '$.access_token', exists: true }] },
        capture: {},
      },
    });
  }
  if (consent !== undefined) {
    steps.push({
      step: {
        name: 'given: accounts before consent',
        at,
        action: request('GET', '/stet/psd2/{{version}}/accounts', undefined),
        expect: { ...noExpectations, status: [200] },
        capture: { __accounts: { json: '$.accounts' } },
      },
    });
    steps.push({
      prepare: (ctx) => prepareConsent(ctx, consent),
      step: {
        name: 'given: PUT /consents',
        at,
        action: request('PUT', '/stet/psd2/{{version}}/consents', '{{__consent}}'),
        expect: { ...noExpectations, status: [201] },
        capture: {},
      },
    });
  }
  return steps;
}

/**
 * Builds the consent body from the captured unconsented list, just before the PUT runs (stored as
 * `__consent`), with the consent fields of the version's profile: v1.6.2 requires `overdrafts` and
 * `owners`; earlier versions do not know them.
 */
export function prepareConsent(ctx: CaseContext, consent: ConsentShorthand): void {
  const accounts = ctx.vars.get('__accounts');
  const list = Array.isArray(accounts) ? accounts : [];
  const pick = (selectors: readonly AccountSelector[]): Array<{ iban: string }> => {
    const ibans = new Set<string>();
    list.forEach((account, index) => {
      const iban = queryJson(account, '$.accountId.iban')[0];
      const currency = queryJson(account, '$.accountId.currency')[0];
      if (typeof iban !== 'string') return;
      if (selectors.some((s) => selects(s, iban, currency, index))) ibans.add(iban);
    });
    return [...ibans].map((iban) => ({ iban }));
  };
  const body: Record<string, unknown> = {
    balances: pick(consent.balances),
    transactions: pick(consent.transactions),
    trustedBeneficiaries: consent.trustedBeneficiaries,
    psuIdentity: consent.psuIdentity,
  };
  if (ctx.profile.consentFields.includes('overdrafts')) body['overdrafts'] = pick(consent.overdrafts);
  if (ctx.profile.consentFields.includes('owners')) body['owners'] = pick(consent.owners);
  ctx.vars.set('__consent', body);
}

function selects(selector: AccountSelector, iban: string, currency: unknown, index: number): boolean {
  if (selector === 'all') return true;
  if (selector === 'euro') return currency === 'EUR';
  if (selector === 'non-euro') return currency !== 'EUR';
  if (selector.iban !== undefined && selector.iban !== iban) return false;
  if (selector.currency !== undefined && selector.currency !== currency) return false;
  if (selector.index !== undefined && selector.index !== index) return false;
  return true;
}

function request(method: string, path: string, body: unknown): StepDefinition['action'] {
  return {
    kind: 'request',
    method,
    path,
    link: undefined,
    query: {},
    headers: {},
    body,
    bodyBytes: undefined,
    chunked: false,
    contentType: undefined,
    auth: 'token',
    token: undefined,
    withoutPsuIp: false,
    unsigned: false,
    badSignature: false,
    badDigest: false,
    noDigest: false,
    noClientCertificate: false,
    tpp: undefined,
    host: undefined,
    sni: undefined,
    duplicateHeaders: {},
    signature: undefined,
  };
}
