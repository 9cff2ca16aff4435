import { describe, expect, it } from 'vitest';
import { captureMiss, captureOrigin, captureValue } from '../../../../harness/runner/capture-value.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';

const page = `<!doctype html><html><body><h2>Strong authentication</h2>
<form method="post" action="/stet/psd2/oauth/journeys/j-1&amp;x">
<input id="otp" name="otp" required><button type="submit">Confirm</button>
</form><form method="post" action="/second"></form></body></html>`;

function outcome(partial: Partial<StepOutcome>): StepOutcome {
  return { status: 200, headers: {}, body: undefined, text: '', ...partial };
}

const noFill = (path: string): string => path;

describe('captureValue', () => {
  it('takes every value a JSONPath selects as a list with all: true, and nothing from an empty selection', () => {
    const page = {
      outcome: outcome({ body: { transactions: [{ resourceId: 'a' }, { resourceId: 'b' }] } }),
      sent: {},
    };
    expect(captureValue({ json: '$.transactions[*].resourceId', all: true }, page, noFill)).toEqual([
      'a',
      'b',
    ]);
    expect(captureValue({ json: '$.transactions[*].resourceId' }, page, noFill)).toBe('a');
    const empty = { outcome: outcome({ body: { transactions: [] } }), sent: {} };
    expect(captureValue({ json: '$.transactions[*].resourceId', all: true }, empty, noFill)).toBeUndefined();
  });

  it('takes the action of the first form of an HTML page, entities decoded', () => {
    expect(captureValue({ form: 'action' }, { outcome: outcome({ text: page }), sent: {} }, noFill)).toBe(
      '/stet/psd2/oauth/journeys/j-1&x',
    );
  });

  it('finds nothing in a page without a form, or whose form has no action', () => {
    const step = (text: string) => ({ outcome: outcome({ text }), sent: {} });
    expect(captureValue({ form: 'action' }, step('<p class="error">gone</p>'), noFill)).toBeUndefined();
    expect(captureValue({ form: 'action' }, step('<form method="post"></form>'), noFill)).toBeUndefined();
  });

  it('takes a query parameter of the Location before the body', () => {
    const step = {
      outcome: outcome({ headers: { location: 'https://tpp.example/cb?code=c1' }, body: { code: 'body' } }),
      sent: {},
    };
    expect(captureValue({ query: 'code' }, step, noFill)).toBe('c1');
    expect(captureValue({ query: 'state' }, step, noFill)).toBeUndefined();
  });

  it("takes a journey callback's query from the body when there is no Location", () => {
    const step = { outcome: outcome({ body: { code: 'c2' } }), sent: {} };
    expect(captureValue({ query: 'code' }, step, noFill)).toBe('c2');
  });

  it('takes a JSON value through a filled path, a header and a header sent', () => {
    const step = {
      outcome: outcome({ headers: { location: '/p/1' }, body: { a: [{ id: 'x', v: 1 }] } }),
      sent: { 'x-request-id': ['r-1', 'r-2'] },
    };
    const fill = (path: string): string => path.replace('{{id}}', 'x');
    expect(captureValue({ json: "$.a[?(@.id=='{{id}}')].v" }, step, fill)).toBe(1);
    expect(captureValue({ header: 'location' }, step, noFill)).toBe('/p/1');
    expect(captureValue({ sent: 'x-request-id' }, step, noFill)).toBe('r-1');
  });
});

describe('captureOrigin', () => {
  it('names where each kind of capture looked', () => {
    expect(captureOrigin({ form: 'action' })).toBe('the form action of the page');
    expect(captureOrigin({ query: 'code' })).toBe('query code');
    expect(captureOrigin({ sent: 'x-request-id' })).toBe('sent header x-request-id');
  });
});

describe('captureMiss', () => {
  it('names the status, the Location and the start of the body the capture looked in', () => {
    const redirect = outcome({ status: 302, headers: { location: 'https://tpp.example/x' }, text: '' });
    expect(captureMiss({ query: 'code' }, redirect)).toBe(
      'status 302, Location https://tpp.example/x, an empty body',
    );
    const listing = outcome({ body: { _links: {} }, text: '{"_links":{}}' });
    expect(captureMiss({ json: '$.accounts' }, listing)).toBe('status 200, body {"_links":{}}');
  });

  it('says when a JSONPath met a body that is not JSON', () => {
    const page = outcome({ text: '<html>\n  maintenance </html>' });
    expect(captureMiss({ json: '$.accounts' }, page)).toBe(
      'status 200, a body that is not JSON: <html> maintenance </html>',
    );
  });

  it('names no body for a header capture', () => {
    expect(captureMiss({ header: 'x-request-id' }, outcome({ text: '{}' }))).toBe('status 200');
  });
});
