import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import { SuiteError } from '../../../../harness/suite/suite-error.ts';

const rules = { has: (id: string) => ['TOK-ONE', 'AIS-TWO'].includes(id) };

const valid = `suite: demo
title: Demo
versions: [v1, v1.6.2]
roles: [aisp]
tags: [demo]
cases:
  - id: first
    title: First
    rules: [TOK-ONE]
    given:
      consent: { balances: [euro] }
    steps:
      - journey: refuse
      - request:
          path: /stet/psd2/{{version}}/accounts
        expect: { status: 200 }
        capture:
          link: { json: '$._links.self.href' }
      - request: { link: link }
        expect:
          status: [200, 204]
          headers: { x-request-id: '{{requestId}}' }
      - repeat:
          times: 2
          steps:
            - sandbox: reset
`;

function problemsOf(text: string): string[] {
  try {
    parseSuite('s.yaml', text, rules);
  } catch (error) {
    if (error instanceof SuiteError) return error.problems.map((p) => `${p.where} ${p.message}`);
    throw error;
  }
  return [];
}

describe('parseSuite', () => {
  it('normalises shorthands into plain definitions with their source positions', () => {
    const suite = parseSuite('s.yaml', valid, rules);
    const c = suite.cases[0];
    expect(c?.at).toBe('s.yaml:7:5');
    expect(c?.tags).toEqual(['demo']);
    expect(c?.versions).toEqual(['v1', 'v1.6.2']);
    expect(c?.given.login).toBe(true);
    expect(c?.given.persona).toBe('alice');
    expect(c?.given.needs).toEqual(['sandbox']);
    expect(c?.steps[0]?.action).toMatchObject({ kind: 'journey', outcome: 'refuse', loginHint: true });
    expect(c?.steps[1]?.expect.status).toEqual([200]);
    expect(c?.steps[2]?.expect.headers['x-request-id']).toEqual({ equals: '{{requestId}}' });
    expect(c?.steps[3]?.action).toMatchObject({ kind: 'repeat', times: 2 });
    expect(JSON.parse(JSON.stringify(suite))).toEqual(suite);
  });

  it('reports a YAML syntax error with file:line:col', () => {
    expect(problemsOf('suite: x\nversions: [v1\n')[0]).toMatch(/^s\.yaml:\d+:\d+ /);
  });

  it('reports an unknown field at its line', () => {
    const problems = problemsOf(
      valid.replace('expect: { status: 200 }', 'expect: { status: 200, stauts: 1 }'),
    );
    expect(problems).toEqual([expect.stringMatching(/^s\.yaml:16:40 .*unknown field "stauts"/)]);
  });

  it('keeps the rules a step checks and refuses one the case does not claim', () => {
    const withStepRules = valid.replace(
      '      - journey: refuse\n',
      '      - journey: refuse\n        rules: [TOK-ONE]\n',
    );
    expect(parseSuite('s.yaml', withStepRules, rules).cases[0]?.steps[0]?.rules).toEqual(['TOK-ONE']);
    const foreign = valid.replace(
      '      - journey: refuse\n',
      '      - journey: refuse\n        rules: [AIS-TWO]\n',
    );
    expect(problemsOf(foreign)).toEqual([
      expect.stringContaining("rule AIS-TWO is not among the case's rules"),
    ]);
  });

  it('keeps the alternate TPP of a journey and a token step (a second TPP of the same PSU)', () => {
    const text = valid.replace(
      '      - journey: refuse\n',
      '      - journey: { outcome: consent, tpp: aispOnly }\n      - token: { grant: exchange, tpp: aispOnly, keep: false }\n',
    );
    const [journey, token] = parseSuite('s.yaml', text, rules).cases[0]?.steps ?? [];
    expect(journey?.action).toMatchObject({ kind: 'journey', tpp: 'aispOnly' });
    expect(token?.action).toMatchObject({ kind: 'token', tpp: 'aispOnly', keep: false });
    expect(parseSuite('s.yaml', valid, rules).cases[0]?.steps[0]?.action).toMatchObject({ tpp: undefined });
  });

  it('refuses an unknown rule id at its line', () => {
    expect(problemsOf(valid.replace('[TOK-ONE]', '[TOK-ONE, TOK-NOPE]'))).toEqual([
      expect.stringMatching(/^s\.yaml:9:22 unknown rule id "TOK-NOPE"/),
    ]);
  });

  it('refuses a template naming a value no earlier step captures', () => {
    expect(problemsOf(valid.replace("x-request-id: '{{requestId}}'", "x-request-id: '{{later}}'"))).toEqual([
      expect.stringMatching(/^s\.yaml:22:36 \{\{later\}\} is neither a built-in nor captured/),
    ]);
  });

  it('refuses following a link before it is captured', () => {
    const text = valid.replace('capture:\n          link:', 'capture:\n          other:');
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/link "link" is not captured by an earlier step/),
    ]);
  });

  it('refuses duplicate case ids and versions outside the suite', () => {
    const text = `${valid}  - id: first\n    title: Again\n    rules: [AIS-TWO]\n    versions: [v1.4.2]\n    steps:\n      - sandbox: reset\n`;
    const problems = problemsOf(text);
    expect(problems).toContainEqual(expect.stringMatching(/case id "first" is already used/));
    expect(problems).toContainEqual(
      expect.stringMatching(/version v1.4.2 is not among the suite's versions/),
    );
  });

  it('reads raw body bytes from base64 and a chunked request, and refuses a body given both ways', () => {
    const raw = valid.replace(
      '          path: /stet/psd2/{{version}}/accounts\n',
      "          path: /stet/psd2/{{version}}/accounts\n          bodyBase64: 'e/99'\n          chunked: true\n",
    );
    const action = parseSuite('s.yaml', raw, rules).cases[0]?.steps[1]?.action;
    expect(action).toMatchObject({ kind: 'request', chunked: true, body: undefined });
    expect(action?.kind === 'request' ? [...(action.bodyBytes ?? [])] : []).toEqual([0x7b, 0xff, 0x7d]);
    expect(parseSuite('s.yaml', valid, rules).cases[0]?.steps[1]?.action).toMatchObject({
      chunked: false,
      bodyBytes: undefined,
    });
    expect(
      problemsOf(raw.replace("bodyBase64: 'e/99'", "bodyBase64: 'e/99'\n          body: '{}'")),
    ).not.toEqual([]);
  });

  it('refuses a step with two actions', () => {
    expect(
      problemsOf(valid.replace('      - journey: refuse', '      - journey: refuse\n        token: exchange'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('reports an alias bomb as a suite problem at the first alias, not a ReferenceError', () => {
    const names = 'abcdefg';
    const lines = ['suite: x', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < names.length; i += 1) {
      const ref = `*${names[i - 1]}`;
      lines.push(`${names[i]}: &${names[i]} [${Array(10).fill(ref).join(', ')}]`);
    }
    expect(problemsOf(`${lines.join('\n')}\n`)).toEqual([
      expect.stringMatching(/^s\.yaml:3:8 too many alias expansions/),
    ]);
  });

  it('reads a journey account choice and page field expectations', () => {
    const text = valid.replace(
      '      - journey: refuse',
      "      - journey: { outcome: consent, account: '{{identifier}}' }\n        expect: { pageFields: { absent: [identifier] } }",
    );
    const step = parseSuite('s.yaml', text, rules).cases[0]?.steps[0];
    expect(step?.action).toMatchObject({ kind: 'journey', account: '{{identifier}}' });
    expect(step?.expect.pageFields).toEqual({ present: [], absent: ['identifier'] });
  });

  it('refuses page field expectations on a step that is not a journey', () => {
    expect(
      problemsOf(
        valid.replace('expect: { status: 200 }', 'expect: { status: 200, pageFields: { present: [otp] } }'),
      ),
    ).toEqual([expect.stringMatching(/^s\.yaml:\d+:\d+ pageFields applies to journey steps only/)]);
  });

  it('reads a revoke-token sandbox step and refuses one that does not say which token', () => {
    const text = valid.replace(
      '            - sandbox: reset',
      '            - sandbox: { action: revoke-token, token: refresh }',
    );
    const step = parseSuite('s.yaml', text, rules).cases[0]?.steps[3];
    expect(step?.action.kind === 'repeat' ? step.action.steps[0]?.action : undefined).toMatchObject({
      kind: 'sandbox',
      action: 'revoke-token',
      token: 'refresh',
    });
    expect(
      problemsOf(
        valid.replace('            - sandbox: reset', '            - sandbox: { action: revoke-token }'),
      ),
    ).not.toEqual([]);
  });

  it('reads calendar steps and journey codes, and refuses a case needing live that uses the sandbox', () => {
    const live = valid
      .replace('      consent: { balances: [euro] }', '      needs: [live]')
      .replace(
        '      - journey: refuse',
        "      - journey: { outcome: consent, otp: '12345678' }\n      - calendar: check",
      );
    const first = problemsOf(live);
    // The valid suite's repeat block holds a sandbox step: a live host has no control API.
    expect(first).toEqual([expect.stringMatching(/a case needing live cannot use the sandbox/)]);
    const withoutSandbox = live.replace(/ {6}- repeat:[\s\S]*$/, '');
    const steps = parseSuite('s.yaml', withoutSandbox, rules).cases[0]?.steps;
    expect(steps?.[0]?.action).toMatchObject({ kind: 'journey', outcome: 'consent', otp: '12345678' });
    expect(steps?.[1]?.action).toEqual({ kind: 'calendar', probe: 'version' });
    const former = parseSuite(
      's.yaml',
      withoutSandbox.replace('calendar: check', 'calendar: former-host'),
      rules,
    );
    expect(former.cases[0]?.steps[1]?.action).toEqual({ kind: 'calendar', probe: 'former-host' });
    expect(
      problemsOf(withoutSandbox.replace('needs: [live]', 'needs: [live]\n      clock: { travel: P1D }')),
    ).toEqual([expect.stringMatching(/a case needing live cannot use the sandbox/)]);
  });

  it('refuses a case claiming a rule no call of the API can check (check: manual)', () => {
    const withManual = {
      has: (id: string) => ['TOK-ONE', 'VER-PORTAL'].includes(id),
      manualReason: (id: string) => (id === 'VER-PORTAL' ? 'an announcement on the portal' : undefined),
    };
    const text = valid.replace('[TOK-ONE]', '[TOK-ONE, VER-PORTAL]');
    expect(() => parseSuite('s.yaml', text, withManual)).toThrow(
      expect.objectContaining({
        code: 'ERR_SUITE_INVALID',
        problems: [
          {
            where: 's.yaml:9:22',
            message: expect.stringContaining(
              'rule VER-PORTAL is not checkable through the API (check: manual, an announcement on the portal)',
            ) as string,
          },
        ],
      }),
    );
    expect(parseSuite('s.yaml', valid, withManual).cases[0]?.rules).toEqual(['TOK-ONE']);
  });
});
