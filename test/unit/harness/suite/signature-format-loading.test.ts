import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import { SuiteError } from '../../../../harness/suite/suite-error.ts';

const rules = { has: (id: string) => id === 'TRN-ONE' };

/** A one-step suite whose request carries `signature` (YAML flow text). */
function suiteSigning(signature: string): string {
  return `suite: demo
title: Demo
versions: [v1.6.2]
roles: [aisp]
tags: [demo]
cases:
  - id: first
    title: First
    rules: [TRN-ONE]
    steps:
      - request: { path: '/stet/psd2/{{version}}/accounts', signature: ${signature} }
        expect: { status: 401 }
`;
}

function problemsOf(text: string): string[] {
  try {
    parseSuite('s.yaml', text, rules);
  } catch (error) {
    if (error instanceof SuiteError) {
      expect(error.code).toBe('ERR_SUITE_INVALID');
      return error.problems.map((p) => `${p.where} ${p.message}`);
    }
    throw error;
  }
  return [];
}

describe('signature.format and signature.expires of a suite step', () => {
  it('keeps the format and expires of a step as written, for the signer', () => {
    const suite = parseSuite(
      's.yaml',
      suiteSigning(
        `{ expires: '4102444800', format: 'keyId="<keyId>",signature="<signature>",expires=<expires>' }`,
      ),
      rules,
    );
    expect(suite.cases[0]?.steps[0]?.action).toMatchObject({
      kind: 'request',
      signature: {
        expires: '4102444800',
        format: 'keyId="<keyId>",signature="<signature>",expires=<expires>',
        created: undefined,
      },
    });
  });

  it('refuses a misspelt slot, which would otherwise be sent as text', () => {
    expect(problemsOf(suiteSigning(`{ format: 'keyId="<keyid>",signature="<signature>"' }`))).toEqual([
      's.yaml:11:82 <keyid> is not a slot of signature.format (<keyId>, <algorithm>, <headers>, <signature>, <created>, <expires>)',
    ]);
  });

  it('refuses a <created> or <expires> slot without the value to place there', () => {
    expect(problemsOf(suiteSigning(`{ format: 'created=<created>,expires=<expires>' }`))).toEqual([
      's.yaml:11:82 <created> needs signature.created: the value to place there',
      's.yaml:11:82 <expires> needs signature.expires: the value to place there',
    ]);
    expect(
      problemsOf(
        suiteSigning(`{ created: '1', expires: '2', format: 'created=<created>,expires=<expires>' }`),
      ),
    ).toEqual([]);
  });

  it('refuses a literal created or expires that is not whole Unix seconds, and leaves a template to the run', () => {
    expect(problemsOf(suiteSigning(`{ created: '+1', expires: '1.5' }`))).toEqual([
      's.yaml:11:83 signature.created "+1" is not whole Unix seconds',
      's.yaml:11:98 signature.expires "1.5" is not whole Unix seconds',
    ]);
    expect(problemsOf(suiteSigning(`{ created: '{{signatureCreatedInWindow}}' }`))).toEqual([]);
  });

  it('refuses an empty format through the schema', () => {
    expect(problemsOf(suiteSigning(`{ format: '' }`))).toHaveLength(1);
  });

  it('takes a lone < or a <name> of other characters as text', () => {
    expect(problemsOf(suiteSigning(`{ format: 'x="a<b",y="<1>",signature="<signature>"' }`))).toEqual([]);
  });
});
