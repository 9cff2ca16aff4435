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

/** The words of the journey pages, in the bank's language (rule TOK-JOURNEY-PAGES). */
export interface JourneyWords {
  readonly lang: string;
  readonly identification: string;
  identifyIntro(tppName: string): string;
  readonly identifier: string;
  readonly continue: string;
  readonly authentication: string;
  readonly otpIntro: string;
  readonly otp: string;
  readonly confirm: string;
  readonly consent: string;
  readonly asksFor: string;
  readonly roles: Readonly<Record<Journey['role'], string>>;
  readonly accept: string;
  readonly refuse: string;
  readonly accountToDebit: string;
  readonly noAccount: string;
  readonly invalidRequest: string;
}

/** The reference's pages: English (contracts §6). */
export const englishJourneyWords: JourneyWords = {
  lang: 'en',
  identification: 'Identification',
  identifyIntro: (tppName) =>
    `${tppName} asks to access your accounts. Enter your remote banking identifier.`,
  identifier: 'Identifier',
  continue: 'Continue',
  authentication: 'Strong authentication',
  otpIntro: 'Enter the one-time code we sent to your phone by SMS.',
  otp: 'One-time code',
  confirm: 'Confirm',
  consent: 'Consent',
  asksFor: 'asks for the access',
  roles: {
    aisp: 'read your accounts, balances and transactions',
    cbpii: 'confirm the availability of funds on your account',
    pisp: 'initiate a payment from your account',
  },
  accept: 'Accept',
  refuse: 'Refuse',
  accountToDebit: 'Account to debit',
  noAccount: 'None of your accounts can make this payment.',
  invalidRequest: 'Invalid request',
};

/** The alternate bank's pages: French, the same forms and fields. */
export const frenchJourneyWords: JourneyWords = {
  lang: 'fr',
  identification: 'Identification',
  identifyIntro: (tppName) =>
    `${tppName} demande l'accès à vos comptes. Saisissez votre identifiant de banque à distance.`,
  identifier: 'Identifiant',
  continue: 'Continuer',
  authentication: 'Authentification forte',
  otpIntro: 'Saisissez le code reçu par SMS.',
  otp: 'Code à usage unique',
  confirm: 'Valider',
  consent: 'Autorisation',
  asksFor: 'demande l’accès',
  roles: {
    aisp: 'consulter vos comptes, soldes et opérations',
    cbpii: 'vérifier la disponibilité des fonds sur votre compte',
    pisp: 'initier un paiement depuis votre compte',
  },
  accept: 'J’accepte',
  refuse: 'Je refuse',
  accountToDebit: 'Compte à débiter',
  noAccount: 'Aucun de vos comptes ne peut effectuer ce paiement.',
  invalidRequest: 'Demande invalide',
};

/** The pages of a journey, rendered in one bank's words. */
export type JourneyPages = ReturnType<typeof createJourneyPages>;

/**
 * The journey pages (contracts §6): plain server-rendered HTML with one `<form method="post">` whose
 * action is the journey URL, so the `http` driver can post forms and a browser needs no JavaScript.
 * Errors are shown in `<p class="error" data-code="…">`. They are the web view of app-to-app too
 * (seed, Authentication 9): laid out at the phone's width, every control a tap target of at least
 * 48 px, inputs at 16 px so a phone does not zoom on focus (test/e2e/mobile-web-view.spec.ts). The
 * fields (`identifier`, `otp`, `decision` accept or refuse, `account`) are the same in every
 * language; the words are the bank's.
 */
export function createJourneyPages(words: JourneyWords) {
  const document = documentIn(words.lang);
  const page = (frame: PageFrame, title: string, body: string[]): string =>
    document(frame.bankName, title, body);
  return {
    identify(frame: PageFrame, error?: { code: string; text: string }, identifier?: string): string {
      return page(frame, words.identification, [
        `<p>${escapeHtml(words.identifyIntro(frame.journey.tppName))}</p>`,
        errorLine(error),
        form(frame, [
          `<label for="identifier">${escapeHtml(words.identifier)}</label>`,
          `<input id="identifier" name="identifier" autocomplete="username" required${identifier === undefined ? '' : ` value="${escapeHtml(identifier)}"`}>`,
          `<button type="submit">${escapeHtml(words.continue)}</button>`,
        ]),
      ]);
    },

    authenticate(frame: PageFrame, error?: { code: string; text: string }): string {
      return page(frame, words.authentication, [
        `<p>${escapeHtml(words.otpIntro)}</p>`,
        errorLine(error),
        form(frame, [
          `<label for="otp">${escapeHtml(words.otp)}</label>`,
          '<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>',
          `<button type="submit">${escapeHtml(words.confirm)}</button>`,
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
      return page(frame, words.consent, [
        `<p><strong>${escapeHtml(journey.tppName)}</strong> (${escapeHtml(journey.clientId)}) ${escapeHtml(words.asksFor)}
      <code>${escapeHtml(journey.scope)}</code> (${escapeHtml(words.roles[journey.role])}).</p>`,
        payment === undefined ? '' : `<p class="payment">${escapeHtml(payment.summary)}</p>`,
        errorLine(error),
        form(frame, [
          ...(accounts === undefined ? [] : accountChoice(accounts, words)),
          `<button type="submit" name="decision" value="accept">${escapeHtml(words.accept)}</button>`,
          `<button type="submit" name="decision" value="refuse">${escapeHtml(words.refuse)}</button>`,
        ]),
      ]);
    },

    /** A request the bank cannot redirect back (unknown client_id or redirect_uri): never a redirect. */
    invalidRequest(bankName: string, reason: string): string {
      return document(bankName, words.invalidRequest, [
        `<p class="error" data-code="invalid_request">${escapeHtml(reason)}</p>`,
      ]);
    },
  };
}

/** The reference's journey pages (English). */
export const journeyPages: JourneyPages = createJourneyPages(englishJourneyWords);

/** What the consent page of a payment journey shows (built by pisp/journey-payment.ts). */
export interface PaymentConsent {
  readonly summary: string;
  /** IBANs to choose from; undefined when there is no choice to make (cancellation). */
  readonly accounts: readonly string[] | undefined;
}

function accountChoice(accounts: readonly string[], words: JourneyWords): string[] {
  if (accounts.length === 0) return [`<p class="error" data-code="NAAC">${escapeHtml(words.noAccount)}</p>`];
  const checked = accounts.length === 1 ? ' checked' : '';
  return [
    `<fieldset><legend>${escapeHtml(words.accountToDebit)}</legend>`,
    ...accounts.map(
      (iban, index) =>
        `<label><input type="radio" name="account" id="account-${index}" value="${escapeHtml(iban)}"${checked}> ${escapeHtml(iban)}</label>`,
    ),
    '</fieldset>',
  ];
}

function errorLine(error: { code: string; text: string } | undefined): string {
  if (error === undefined) return '';
  return `<p class="error" data-code="${escapeHtml(error.code)}">${escapeHtml(error.text)}</p>`;
}

function form(frame: PageFrame, fields: string[]): string {
  const action = `/stet/psd2/oauth/journeys/${encodeURIComponent(frame.journey.id)}`;
  return `<form method="post" action="${escapeHtml(action)}">\n${fields.join('\n')}\n</form>`;
}

function documentIn(lang: string): (bankName: string, title: string, body: string[]) => string {
  return (bankName, title, body) => `<!doctype html>
<html lang="${lang}">
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
