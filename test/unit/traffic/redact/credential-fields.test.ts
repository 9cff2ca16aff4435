import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { serializeHar } from '../../../../traffic/har/har-file.ts';
import { redactHar } from '../../../../traffic/redact/redact-har.ts';

const raw = readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8');

/** The fixture session with the second response's JSON body replaced. */
function withResponseBody(text: string) {
  const document = JSON.parse(raw) as {
    log: { entries: Array<{ response: { content: { text?: string } } }> };
  };
  const entry = document.log.entries[1];
  if (entry === undefined) throw new Error('fixture has fewer than two entries');
  entry.response.content.text = text;
  return parseHar(JSON.stringify(document));
}

describe('the recorder redacts the shared credential fields (protocol/secret-fields.ts)', () => {
  it('hides a registration_access_token of a registration answer', () => {
    const har = withResponseBody(
      '{"client_id":"PSDFR-X","registration_access_token":"rat-9a8b7c6d5e4f3a2b"}',
    );
    const text = serializeHar(redactHar(har).har);
    expect(text).not.toContain('rat-9a8b7c6d5e4f3a2b');
    expect(text).toContain('PSDFR-X');
  });

  it('keeps the token kind of a sandbox revoke-token body readable', () => {
    const har = withResponseBody('{"token":"access"}');
    expect(serializeHar(redactHar(har).har)).toContain('{\\"token\\":\\"access\\"}');
  });
});
