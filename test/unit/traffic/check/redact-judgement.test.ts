import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeHar } from '../../../../traffic/check/check-har.ts';
import { redactJudgement } from '../../../../traffic/check/redact-judgement.ts';
import { contentText } from '../../../../traffic/har/har-access.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));
const token = 'at-7f3a9c1e5b2d4f6a8c0e';
const iban = 'FR7630006000011234567890189';

describe('a judgement made fit to be written', () => {
  it('keeps every verdict of the original exchanges and hides their secrets', () => {
    const har = structuredClone(fixture);
    const consent = har.log.entries[2];
    if (consent === undefined) throw new Error('fixture changed');
    consent.response.status = 200;
    const judged = judgeHar(har);
    const written = redactJudgement(har, judged);
    expect(written.findings.map((f) => [f.rule, f.verdict])).toEqual(
      judged.findings.map((f) => [f.rule, f.verdict]),
    );
    expect(written.findings.some((f) => f.rule === 'CNS-PUT-201' && f.verdict === 'failed')).toBe(true);
    const text = JSON.stringify(
      written.findings.map((f) => [f.message, f.expected, f.actual, f.exchange.entry, f.exchange.url.href]),
    );
    expect(text).not.toContain(token);
    expect(text).not.toContain(iban);
    expect(JSON.stringify(har)).toContain(token);
  });

  it('keeps an amount that merely contains a card number of the file', () => {
    const har = structuredClone(fixture);
    const [accounts, transactions] = [har.log.entries[3], har.log.entries[5]];
    if (accounts?.response.content.text === undefined || transactions?.response.content.text === undefined)
      throw new Error('fixture changed');
    accounts.response.content.text = accounts.response.content.text.replace(
      '"resourceId":"acc-a"',
      '"resourceId":"acc-a","linkedCard":{"other":{"identification":"123","schemeName":"CPAN"}}',
    );
    transactions.response.content.text = transactions.response.content.text.replace('"42.00"', '"123.45"');
    const written = redactJudgement(har, judgeHar(har));
    const shown = written.findings.find((f) => f.exchange.index === 5)?.exchange.entry;
    expect(shown === undefined ? '' : contentText(shown.response.content)).toContain('"123.45"');
    const listed = written.findings.find((f) => f.exchange.index === 3)?.exchange.entry;
    expect(listed === undefined ? '' : contentText(listed.response.content)).not.toContain('"123"');
  });
});
