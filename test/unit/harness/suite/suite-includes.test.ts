import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../../cli/main.ts';
import { loadSuites, parseSuite } from '../../../../harness/suite/load-suite.ts';
import { fileFragmentLibrary, parseFragment } from '../../../../harness/suite/fragment-library.ts';
import { SuiteError } from '../../../../harness/suite/suite-error.ts';
import type { FragmentLibrary } from '../../../../harness/suite/fragment-library.ts';
import type { RequestAction } from '../../../../harness/suite/suite-definition.ts';

const rules = { has: (id: string) => ['TOK-ONE', 'AIS-TWO'].includes(id) };

const accountsLink = `title: GET /accounts, capturing the first account's balances link
steps:
  - request: { path: '/stet/psd2/{{version}}/accounts' }
    expect: { status: 200 }
    capture:
      balances: { json: '$.accounts[0]._links.balances.href' }
`;

const euroAt10101 = `title: At 10101 with a consent on the euro balances
given:
  institutions: ['10101']
  consent: { balances: [euro] }
`;

function suiteUsing(steps: string, given = ''): string {
  return `suite: demo
title: Demo
versions: [v1]
roles: [aisp]
cases:
  - id: first
    title: First
    rules: [TOK-ONE]
${given}    steps:
${steps}`;
}

/** A library holding the given fragment texts, each named `_shared/<name>.yaml`. */
function library(fragments: Record<string, string>): FragmentLibrary {
  return {
    find(name) {
      const text = fragments[name];
      if (text === undefined) return { kind: 'missing', nearest: `_shared/${name}.yaml` };
      return parseFragment(name, `_shared/${name}.yaml`, text);
    },
  };
}

function failure(run: () => unknown): SuiteError {
  try {
    run();
  } catch (error) {
    if (error instanceof SuiteError) return error;
    throw error;
  }
  throw new Error('expected a SuiteError');
}

describe('suite includes', () => {
  it('puts the steps of a used fragment in its place, captures and all', () => {
    const suite = parseSuite(
      's.yaml',
      suiteUsing(`      - journey: consent
      - use: accounts-link
      - request: { link: balances }
        expect: { status: 200 }
`),
      rules,
      { fragments: library({ 'accounts-link': accountsLink }) },
    );
    const steps = suite.cases[0]?.steps ?? [];
    expect(steps.map((s) => s.action.kind)).toEqual(['journey', 'request', 'request']);
    expect(steps[1]?.capture).toEqual({ balances: { json: '$.accounts[0]._links.balances.href' } });
    expect((steps[2]?.action as RequestAction).link).toBe('balances');
    expect(steps[1]?.at).toBe('_shared/accounts-link.yaml:3:5 (used at s.yaml:11:9)');
    expect(steps[2]?.at).toBe('s.yaml:12:9');
  });

  it('expands a fragment used inside a repeat and a fragment used by a fragment', () => {
    const twice = `title: the accounts link, twice
steps:
  - use: accounts-link
  - use: accounts-link
`;
    const suite = parseSuite(
      's.yaml',
      suiteUsing(`      - repeat:
          times: 2
          steps:
            - use: twice
`),
      rules,
      { fragments: library({ 'accounts-link': accountsLink, twice }) },
    );
    const repeat = suite.cases[0]?.steps[0]?.action;
    expect(repeat?.kind === 'repeat' ? repeat.steps.map((s) => s.action.kind) : []).toEqual([
      'request',
      'request',
    ]);
  });

  it('starts a given from the fragment, the keys of the case replacing its keys', () => {
    const suite = parseSuite(
      's.yaml',
      suiteUsing(
        `      - request: { path: '/stet/psd2/{{version}}/accounts' }
`,
        `    given: { use: euro-at-10101, consent: { transactions: [all] } }
`,
      ),
      rules,
      { fragments: library({ 'euro-at-10101': euroAt10101 }) },
    );
    const given = suite.cases[0]?.given;
    expect(given?.institutions).toEqual(['10101']);
    expect(given?.consent?.transactions).toEqual(['all']);
    expect(given?.consent?.balances).toEqual([]);
  });

  it('locates a problem of a given key at its line in the fragment that wrote it, through nested givens', () => {
    const asPisp = 'title: as a PISP\ngiven:\n  use: euro-at-10101\n  role: pisp\n';
    const error = failure(() =>
      parseSuite(
        's.yaml',
        suiteUsing(
          "      - request: { path: '/stet/psd2/{{version}}/accounts' }\n",
          '    given: { use: as-pisp }\n',
        ),
        rules,
        { fragments: library({ 'as-pisp': asPisp, 'euro-at-10101': euroAt10101 }) },
      ),
    );
    expect(error.problems).toEqual([
      {
        where: '_shared/as-pisp.yaml:4:9 (used at s.yaml:9:12)',
        message: "role pisp is not among the suite's roles",
      },
    ]);
  });

  it('refuses a missing fragment with ERR_SUITE_INCLUDE_MISSING at the use', () => {
    const error = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - use: nowhere\n'), rules, { fragments: library({}) }),
    );
    expect(error.code).toBe('ERR_SUITE_INCLUDE_MISSING');
    expect(error.problems).toMatchObject([
      {
        where: 's.yaml:10:14',
        message: 'no fragment "nowhere": looked for _shared/nowhere.yaml and in every folder above',
      },
    ]);
  });

  it('refuses a cycle with ERR_SUITE_INCLUDE_CYCLE naming the chain', () => {
    const a = 'title: a\nsteps:\n  - use: b\n';
    const b = 'title: b\nsteps:\n  - use: a\n';
    const error = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - use: a\n'), rules, { fragments: library({ a, b }) }),
    );
    expect(error.code).toBe('ERR_SUITE_INCLUDE_CYCLE');
    expect(error.problems[0]?.message).toBe('include cycle: a → b → a');
    expect(error.problems[0]?.where).toMatch(/^_shared\/b\.yaml:3:10 \(used at _shared\/a\.yaml:3:5/);
  });

  it('refuses a given fragment used as steps, and other keys beside use', () => {
    const asSteps = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - use: euro\n'), rules, {
        fragments: library({ euro: euroAt10101 }),
      }),
    );
    expect(asSteps.code).toBe('ERR_SUITE_INVALID');
    expect(asSteps.problems[0]?.message).toMatch(/fragment "euro" has no steps/);
    const besides = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - use: euro\n        expect: { status: 200 }\n'), rules),
    );
    expect(besides.code).toBe('ERR_SUITE_INVALID');
  });

  it('locates a problem of an included step in the fragment file', () => {
    const unknownCapture = `title: uses a value nobody captured
steps:
  - request: { path: '/x/{{nobody}}' }
`;
    const error = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - journey: consent\n      - use: bad\n'), rules, {
        fragments: library({ bad: unknownCapture }),
      }),
    );
    expect(error.problems).toEqual([
      {
        where: '_shared/bad.yaml:3:22 (used at s.yaml:11:9)',
        message: '{{nobody}} is neither a built-in nor captured by an earlier step',
      },
    ]);
  });

  it('refuses a fragment file that breaks the fragment schema, at its line', () => {
    const error = failure(() =>
      parseSuite('s.yaml', suiteUsing('      - use: broken\n'), rules, {
        fragments: library({ broken: 'title: broken\nsteps:\n  - request: { pth: /x }\n' }),
      }),
    );
    expect(error.code).toBe('ERR_SUITE_INVALID');
    expect(error.problems[0]?.where).toMatch(/^_shared\/broken\.yaml:3:/);
  });
});

describe('fragments on disk', () => {
  let root: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stet-includes-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('finds the nearest _shared folder above the suite and never loads fragments as suites', () => {
    write('suites/_shared/accounts-link.yaml', accountsLink);
    write('suites/_shared/euro.yaml', euroAt10101);
    write('suites/area/_shared/euro.yaml', euroAt10101.replace("'10101'", "'20202'"));
    write('suites/area/a.yaml', suiteUsing('      - use: accounts-link\n', '    given: { use: euro }\n'));
    const suites = loadSuites([join(root, 'suites')], rules, root);
    expect(suites.map((s) => s.file)).toEqual(['suites/area/a.yaml']);
    expect(suites[0]?.cases[0]?.given.institutions).toEqual(['20202']);
    expect(suites[0]?.cases[0]?.steps[0]?.at).toBe(
      'suites/_shared/accounts-link.yaml:3:5 (used at suites/area/a.yaml:11:9)',
    );
  });

  it('names every folder it looked in for a missing fragment, and keeps the code across files', () => {
    write('suites/a.yaml', suiteUsing('      - use: nowhere\n'));
    const error = failure(() => loadSuites([join(root, 'suites')], rules, root));
    expect(error.code).toBe('ERR_SUITE_INCLUDE_MISSING');
    expect(error.problems[0]?.message).toBe(
      'no fragment "nowhere": looked for suites/_shared/nowhere.yaml and in every folder above',
    );
  });

  it('stops the command with exit 2 and the code of the include problem', async () => {
    write('suites/a.yaml', suiteUsing('      - use: a\n'));
    write('suites/_shared/a.yaml', 'title: a\nsteps:\n  - use: b\n');
    write('suites/_shared/b.yaml', 'title: b\nsteps:\n  - use: a\n');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'stet-harness', 'list', 'cases', '--suites', join(root, 'suites')])).toBe(2);
      expect(stderr.mock.calls.join('')).toContain('error ERR_SUITE_INCLUDE_CYCLE: invalid suite file');
    } finally {
      stderr.mockRestore();
    }
  });

  it('reads a fragment used by many suites once', () => {
    write('suites/_shared/accounts-link.yaml', accountsLink);
    const fragments = fileFragmentLibrary(root);
    const first = fragments.find('accounts-link', 'suites/a.yaml');
    expect(fragments.find('accounts-link', 'suites/deeper/b.yaml')).toBe(first);
  });
});
