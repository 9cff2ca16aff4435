import { accountFunctionNames, versionProfile, type AccountFunction } from '../../spec/lib/index.ts';
import { isRecord } from '../har/har-access.ts';
import { requestHeader, type ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/** The consent last recorded in the traffic for one PSU session. */
interface Consent {
  lists: Record<AccountFunction, Set<string>>;
  psuIdentity: boolean;
}

/** The rule of each per-account link relation. */
const linkRules: Record<AccountFunction, string> = {
  balances: 'AIS-ACC-LINK-BALANCES',
  transactions: 'AIS-ACC-LINK-TRANSACTIONS',
  overdrafts: 'AIS-ACC-LINK-OVERDRAFTS',
  owners: 'AIS-ACC-LINK-OWNERS',
};

function ibans(value: unknown): Set<string> {
  const out = new Set<string>();
  if (!Array.isArray(value)) return out;
  for (const item of value) if (isRecord(item) && typeof item['iban'] === 'string') out.add(item['iban']);
  return out;
}

function parseConsent(body: unknown): Consent | undefined {
  if (!isRecord(body)) return undefined;
  return {
    lists: {
      balances: ibans(body['balances']),
      transactions: ibans(body['transactions']),
      overdrafts: ibans(body['overdrafts']),
      owners: ibans(body['owners']),
    },
    psuIdentity: body['psuIdentity'] === true,
  };
}

function linksOf(value: unknown): Record<string, unknown> {
  return isRecord(value) && isRecord(value['_links']) ? value['_links'] : {};
}

function hasTrustedBeneficiariesLink(links: Record<string, unknown>): boolean {
  return Object.keys(links).some((rel) => rel.toLowerCase().replace(/[-_]/g, '') === 'trustedbeneficiaries');
}

/**
 * The `_links` of GET /accounts against the consent recorded earlier in the file by the same session
 * (same host, version and bearer token): each account carries the link of a function exactly when its
 * IBAN (a card: its backing account's) is in that list of the consent, balances are embedded only for
 * consented accounts, the identity link follows psuIdentity, and no trusted-beneficiaries link ever.
 * Without a consent seen in the file, only the last rule is judged.
 */
export class LinksCheck implements TrafficCheck {
  private readonly consents = new Map<string, Consent>();

  check(view: ExchangeView): Finding[] {
    const session = `${view.url.host} ${view.version} ${requestHeader(view, 'authorization') ?? ''}`;
    if (view.method === 'PUT' && view.template?.endsWith('/consents') === true && view.status === 201) {
      const consent = parseConsent(view.requestJson);
      if (consent !== undefined) this.consents.set(session, consent);
      return [];
    }
    if (view.method !== 'GET' || view.template?.endsWith('/accounts') !== true || view.status !== 200)
      return [];
    const body = view.responseJson;
    const accounts =
      isRecord(body) && Array.isArray(body['accounts']) ? body['accounts'].filter(isRecord) : [];
    const findings: Finding[] = [];
    const offending = accounts.filter((a) => hasTrustedBeneficiariesLink(linksOf(a)));
    findings.push(
      offending.length === 0 && !hasTrustedBeneficiariesLink(linksOf(body))
        ? pass('AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK', view, 'no trusted-beneficiaries link')
        : fail(
            'AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK',
            view,
            'a trusted-beneficiaries link is returned',
            'no such link',
            'present',
          ),
    );
    const consent = this.consents.get(session);
    if (consent === undefined) return findings;
    const ibanOf = new Map<string, string>();
    for (const a of accounts) {
      const id = isRecord(a['accountId']) ? a['accountId']['iban'] : undefined;
      if (typeof a['resourceId'] === 'string' && typeof id === 'string') ibanOf.set(a['resourceId'], id);
    }
    for (const account of accounts) {
      const own = isRecord(account['accountId']) ? account['accountId']['iban'] : undefined;
      const linked =
        typeof account['linkedAccount'] === 'string' ? ibanOf.get(account['linkedAccount']) : undefined;
      const iban = typeof own === 'string' ? own : linked;
      const label = `account ${String(account['resourceId'])}`;
      if (iban === undefined) continue;
      const links = linksOf(account);
      // A link per account function of the version (overdrafts and owners from v1.6.2).
      for (const fn of versionProfile(view.version).accountFunctions) {
        const consented = consent.lists[fn].has(iban);
        const present = links[fn] !== undefined;
        findings.push(
          consented === present
            ? pass(linkRules[fn], view, `${label}: ${fn} link ${present ? 'present' : 'absent'} as consented`)
            : fail(
                linkRules[fn],
                view,
                `${label}: ${fn} link ${present ? 'present without' : 'missing despite'} a ${fn} consent`,
                consented ? 'link present' : 'no link',
                present ? 'link present' : 'no link',
              ),
        );
      }
      if (account['balances'] !== undefined && !consent.lists.balances.has(iban))
        findings.push(
          fail(
            'AIS-ACC-BALANCES-WHEN-CONSENTED',
            view,
            `${label}: balances embedded without a balances consent`,
            'no balances',
            'balances',
          ),
        );
      if (typeof own === 'string') {
        const listed = accountFunctionNames.some((fn) => consent.lists[fn].has(own));
        findings.push(
          listed
            ? pass('AIS-ACC-CONSENTED-ONLY', view, `${label} is consented`)
            : fail(
                'AIS-ACC-CONSENTED-ONLY',
                view,
                `${label} is listed but not in the consent`,
                'consented accounts only',
                label,
              ),
        );
      }
    }
    const identity = linksOf(body)['endUserIdentity'] !== undefined;
    findings.push(
      identity === consent.psuIdentity
        ? pass(
            'AIS-ACC-LINK-IDENTITY',
            view,
            `endUserIdentity link ${identity ? 'present' : 'absent'} as consented`,
          )
        : fail(
            'AIS-ACC-LINK-IDENTITY',
            view,
            `endUserIdentity link ${identity ? 'present without' : 'missing despite'} psuIdentity`,
            consent.psuIdentity,
            identity,
          ),
    );
    return findings;
  }
}
