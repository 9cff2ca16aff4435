import type { Journey } from './journey.ts';

/** The bank's name and the journey, as every page shows them. */
export interface PageFrame {
  readonly bankName: string;
  readonly journey: Journey;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The journey pages (contracts §6): plain server-rendered HTML with one `<form method="post">` whose
 * action is the journey URL, so the `http` driver can post forms and a browser needs no JavaScript.
 * Errors are shown in `<p class="error" data-code="…">`. They are the web view of app-to-app too
 * (seed, Authentication 9): laid out at the phone's width, every control a tap target of at least
 * 48 px, inputs at 16 px so a phone does not zoom on focus (test/e2e/mobile-web-view.spec.ts).
 */
export const journeyPages = {
  identify(frame: PageFrame, error?: { code: string; text: string }): string {
    return page(frame, 'Identification', [
      `<p>${escapeHtml(frame.journey.tppName)} asks to access your accounts. Enter your remote banking identifier.</p>`,
      errorLine(error),
      form(frame, [
        '<label for="identifier">Identifier</label>',
        '<input id="identifier" name="identifier" autocomplete="username" required>',
        '<button type="submit">Continue</button>',
      ]),
    ]);
  },

  authenticate(frame: PageFrame, error?: { code: string; text: string }): string {
    return page(frame, 'Strong authentication', [
      '<p>Enter the one-time code we sent to your phone by SMS.</p>',
      errorLine(error),
      form(frame, [
        '<label for="otp">One-time code</label>',
        '<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>',
        '<button type="submit">Confirm</button>',
      ]),
    ]);
  },

  /**
   * The consent page; a payment journey adds its summary and, for an initiation, the account choice
   * (radio `account`, value = IBAN; checked when only one account is offered).
   */
  consent(frame: PageFrame, payment?: PaymentConsent, error?: { code: string; text: string }): string {
    const { journey } = frame;
    const accounts = payment?.accounts;
    return page(frame, 'Consent', [
      `<p><strong>${escapeHtml(journey.tppName)}</strong> (${escapeHtml(journey.clientId)}) asks for the access
      <code>${escapeHtml(journey.scope)}</code> (${roleText[journey.role]}).</p>`,
      payment === undefined ? '' : `<p class="payment">${escapeHtml(payment.summary)}</p>`,
      errorLine(error),
      form(frame, [
        ...(accounts === undefined ? [] : accountChoice(accounts)),
        '<button type="submit" name="decision" value="accept">Accept</button>',
        '<button type="submit" name="decision" value="refuse">Refuse</button>',
      ]),
    ]);
  },

  /** A request the bank cannot redirect back (unknown client_id or redirect_uri): never a redirect. */
  invalidRequest(bankName: string, reason: string): string {
    return document(bankName, 'Invalid request', [
      `<p class="error" data-code="invalid_request">${escapeHtml(reason)}</p>`,
    ]);
  },
};

/** What the consent page of a payment journey shows (built by pisp/journey-payment.ts). */
export interface PaymentConsent {
  readonly summary: string;
  /** IBANs to choose from; undefined when there is no choice to make (cancellation). */
  readonly accounts: readonly string[] | undefined;
}

function accountChoice(accounts: readonly string[]): string[] {
  if (accounts.length === 0)
    return ['<p class="error" data-code="NAAC">None of your accounts can make this payment.</p>'];
  const checked = accounts.length === 1 ? ' checked' : '';
  return [
    '<fieldset><legend>Account to debit</legend>',
    ...accounts.map(
      (iban, index) =>
        `<label><input type="radio" name="account" id="account-${index}" value="${escapeHtml(iban)}"${checked}> ${escapeHtml(iban)}</label>`,
    ),
    '</fieldset>',
  ];
}

const roleText = {
  aisp: 'read your accounts, balances and transactions',
  cbpii: 'confirm the availability of funds on your account',
  pisp: 'initiate a payment from your account',
} as const;

function page(frame: PageFrame, title: string, body: string[]): string {
  return document(frame.bankName, title, body);
}

function errorLine(error: { code: string; text: string } | undefined): string {
  if (error === undefined) return '';
  return `<p class="error" data-code="${escapeHtml(error.code)}">${escapeHtml(error.text)}</p>`;
}

function form(frame: PageFrame, fields: string[]): string {
  const action = `/stet/psd2/oauth/journeys/${encodeURIComponent(frame.journey.id)}`;
  return `<form method="post" action="${escapeHtml(action)}">\n${fields.join('\n')}\n</form>`;
}

function document(bankName: string, title: string, body: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(bankName)}</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}
label,input,button{display:block;margin:.5rem 0}.error{color:#b00020}
input:not([type=radio]),button{box-sizing:border-box;min-height:3rem;min-width:3rem;font-size:1rem}
input:not([type=radio]){width:100%}button{padding:0 1.5rem}
label:has(input[type=radio]){display:flex;align-items:center;gap:.5rem;min-height:3rem}</style>
</head>
<body>
<h1>${escapeHtml(bankName)}</h1>
<h2>${escapeHtml(title)}</h2>
${body.filter((part) => part !== '').join('\n')}
</body>
</html>
`;
}
