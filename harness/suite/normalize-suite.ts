/**
 * From a suite as written (shorthands, omitted defaults) to the plain {@link SuiteDefinition}.
 */
import type { RawCase, RawExpect, RawStep } from './suite-schema.generated.ts';
import type {
  CaseDefinition,
  Check,
  Expectations,
  Given,
  LinksCheck,
  StepDefinition,
  SuiteDefinition,
  SuiteRole,
} from './suite-definition.ts';
import type { RawSuite } from './suite-schema.generated.ts';
import type { YamlSource } from './yaml-source.ts';

/** Normalises a schema-valid suite; `source` gives every node its `file:line:col`. */
export function normalizeSuite(raw: RawSuite, source: YamlSource): SuiteDefinition {
  return {
    suite: raw.suite,
    title: raw.title,
    file: source.file,
    versions: raw.versions,
    roles: raw.roles,
    tags: raw.tags ?? [],
    cases: raw.cases.map((c, i) => normalizeCase(c, `/cases/${i}`, raw, source)),
  };
}

function normalizeCase(raw: RawCase, pointer: string, suite: RawSuite, source: YamlSource): CaseDefinition {
  return {
    id: raw.id,
    title: raw.title,
    at: source.locate(pointer),
    rules: raw.rules,
    tags: [...(suite.tags ?? []), ...(raw.tags ?? [])],
    versions: raw.versions ?? suite.versions,
    given: normalizeGiven(raw, suite.roles[0] ?? 'aisp', usesSandbox(raw.steps)),
    steps: raw.steps.map((s, i) => normalizeStep(s, `${pointer}/steps/${i}`, source)),
  };
}

/** Sandbox steps and the timeout journey (it moves the PSU's clock) need the sandbox capability. */
export function usesSandbox(steps: readonly RawStep[]): boolean {
  return steps.some(
    (s) =>
      s.sandbox !== undefined ||
      s.journey === 'timeout' ||
      (typeof s.journey === 'object' && s.journey.outcome === 'timeout') ||
      (s.repeat !== undefined && usesSandbox(s.repeat.steps)),
  );
}

function normalizeGiven(raw: RawCase, defaultRole: SuiteRole, sandboxSteps: boolean): Given {
  const g = raw.given ?? {};
  const c = g.consent;
  return {
    persona: g.persona ?? 'alice',
    role: g.role ?? defaultRole,
    tpp: g.tpp,
    login: (g.login ?? false) || c !== undefined,
    consent:
      c === undefined
        ? undefined
        : {
            balances: c.balances ?? [],
            transactions: c.transactions ?? [],
            overdrafts: c.overdrafts ?? [],
            owners: c.owners ?? [],
            psuIdentity: c.psuIdentity ?? false,
            trustedBeneficiaries: c.trustedBeneficiaries ?? false,
          },
    clock:
      g.clock?.travel !== undefined
        ? { travel: g.clock.travel }
        : g.clock?.at !== undefined
          ? { at: g.clock.at }
          : undefined,
    // Time travel is a sandbox action: a clock precondition needs the capability.
    needs: [
      ...new Set([
        ...(g.needs ?? []),
        ...(g.clock === undefined && !sandboxSteps ? [] : ['sandbox' as const]),
      ]),
    ],
    institutions: g.institutions,
    features: g.features ?? {},
  };
}

function normalizeStep(raw: RawStep, pointer: string, source: YamlSource): StepDefinition {
  const at = source.locate(pointer);
  const expect = normalizeExpect(raw.expect);
  const capture: StepDefinition['capture'] = {};
  for (const [name, c] of Object.entries(raw.capture ?? {})) {
    const rule = c.rule === undefined ? {} : { rule: c.rule };
    if (c.json !== undefined)
      capture[name] = { json: c.json, ...(c.all === true ? { all: true } : {}), ...rule };
    else if (c.header !== undefined) capture[name] = { header: c.header.toLowerCase(), ...rule };
    else if (c.query !== undefined) capture[name] = { query: c.query, ...rule };
    else if (c.sent !== undefined) capture[name] = { sent: c.sent.toLowerCase(), ...rule };
    else if (c.form !== undefined) capture[name] = { form: c.form, ...rule };
  }
  const base = {
    at,
    expect,
    capture,
    ...(raw.versions === undefined ? {} : { versions: raw.versions }),
    ...(raw.rules === undefined ? {} : { rules: raw.rules }),
  };
  if (raw.request !== undefined) {
    const r = raw.request;
    const method = r.method ?? 'GET';
    return {
      ...base,
      name: raw.name ?? `${method} ${r.path ?? `link ${r.link ?? ''}`}`,
      action: {
        kind: 'request',
        method,
        path: r.path,
        link: r.link,
        query: Object.fromEntries(Object.entries(r.query ?? {}).map(([k, v]) => [k, String(v)])),
        headers: r.headers ?? {},
        body: r.body,
        bodyBytes: r.bodyBase64 === undefined ? undefined : Buffer.from(r.bodyBase64, 'base64'),
        chunked: r.chunked ?? false,
        contentType: r.contentType,
        auth: r.auth ?? 'token',
        token: r.token,
        withoutPsuIp: r.withoutPsuIp ?? false,
        unsigned: r.unsigned ?? false,
        badSignature: r.badSignature ?? false,
        badDigest: r.badDigest ?? false,
        noDigest: r.noDigest ?? false,
        noClientCertificate: r.noClientCertificate ?? false,
        tpp: r.tpp,
        host: r.host,
        sni: r.sni,
        duplicateHeaders: r.duplicateHeaders ?? {},
        signature:
          r.signature === undefined
            ? undefined
            : {
                headers: r.signature.headers,
                keyId: r.signature.keyId,
                algorithm: r.signature.algorithm,
                created: r.signature.created,
                expires: r.signature.expires,
                format: r.signature.format,
              },
      },
    };
  }
  if (raw.journey !== undefined) {
    const j = typeof raw.journey === 'string' ? { outcome: raw.journey } : raw.journey;
    return {
      ...base,
      name: raw.name ?? `journey ${j.outcome}`,
      action: {
        kind: 'journey',
        outcome: j.outcome,
        loginHint: j.loginHint ?? true,
        scope: j.scope,
        link: j.link,
        redirectUri: j.redirectUri,
        clientId: j.clientId,
        account: j.account,
        otp: j.otp,
        tpp: j.tpp,
      },
    };
  }
  if (raw.token !== undefined) {
    const t = typeof raw.token === 'string' ? { grant: raw.token } : raw.token;
    return {
      ...base,
      name: raw.name ?? `token ${t.grant}`,
      action: {
        kind: 'token',
        grant: t.grant,
        code: t.code,
        refreshToken: t.refreshToken,
        redirectUri: t.redirectUri,
        clientId: t.clientId,
        codeVerifier: t.codeVerifier,
        scope: t.scope,
        fallback: t.fallback ?? false,
        form: t.form ?? {},
        keep: t.keep ?? true,
        tpp: t.tpp,
      },
    };
  }
  if (raw.sandbox !== undefined) {
    const s = typeof raw.sandbox === 'string' ? { action: raw.sandbox } : raw.sandbox;
    return {
      ...base,
      name: raw.name ?? `sandbox ${s.action}`,
      action: {
        kind: 'sandbox',
        action: s.action,
        by: s.by,
        at: s.at,
        account: s.account,
        token: 'token' in s ? s.token : undefined,
      },
    };
  }
  if (raw.calendar !== undefined) {
    return raw.calendar === 'former-host'
      ? {
          ...base,
          name: raw.name ?? 'former host form calendar check',
          action: { kind: 'calendar', probe: 'former-host' },
        }
      : {
          ...base,
          name: raw.name ?? 'version calendar check',
          action: { kind: 'calendar', probe: 'version' },
        };
  }
  const r = raw.repeat ?? { times: 1, steps: [] };
  return {
    ...base,
    name: raw.name ?? `repeat ${r.times}×`,
    action: {
      kind: 'repeat',
      times: r.times,
      steps: r.steps.map((s, i) => normalizeStep(s, `${pointer}/repeat/steps/${i}`, source)),
    },
  };
}

function normalizeExpect(raw: RawExpect | undefined): Expectations {
  const e = raw ?? {};
  const headers: Record<string, Check> = {};
  for (const [name, check] of Object.entries(e.headers ?? {})) {
    headers[name.toLowerCase()] = typeof check === 'string' ? { equals: check } : check;
  }
  const links: LinksCheck[] = (e.links === undefined ? [] : Array.isArray(e.links) ? e.links : [e.links]).map(
    (l) => ({
      at: l.at ?? '$._links',
      present: l.present ?? [],
      absent: l.absent ?? [],
      ...(l.rule === undefined ? {} : { rule: l.rule }),
    }),
  );
  const out: Expectations = {
    headers,
    json: e.json ?? [],
    every: e.every ?? [],
    links,
    rules: { ...e.rules },
  };
  if (e.status !== undefined) out.status = Array.isArray(e.status) ? e.status : [e.status];
  if (e.error !== undefined) out.error = e.error;
  if (e.schema !== undefined) out.schema = e.schema;
  if (e.text !== undefined) out.text = e.text;
  if (e.pageFields !== undefined)
    out.pageFields = { present: e.pageFields.present ?? [], absent: e.pageFields.absent ?? [] };
  return out;
}
