import type { HostForm, Institution } from './institution.ts';

/** One host form of `spec/versions.yaml` (`hosts:`), `<code>` standing for the institution code. */
export interface HostFormEntry {
  readonly form: HostForm;
  readonly template: string;
  /** `YYYY-MM-DD` from which the form is refused (Paris day), or null. */
  readonly withdrawnFrom: string | null;
}

/** What a host name resolves to: an institution, or the catalogue code of the refusal. */
export type HostResolution =
  | { ok: true; institution: Institution; form: HostForm }
  | { ok: false; code: 'HOST_UNKNOWN' | 'INSTITUTION_UNKNOWN' | 'HOST_WITHDRAWN' };

/**
 * Resolves `Host` / SNI names to institutions (docs/contracts.md §3).
 *
 * Templates are compiled once into a prefix and suffix around `<code>`; resolution is a few string
 * comparisons. `today` is the Paris calendar day on the server clock, compared with `withdrawnFrom`.
 */
export function createHostResolver(
  institutions: readonly Institution[],
  forms: readonly HostFormEntry[],
): (host: string, today: string) => HostResolution {
  const byCode = new Map(institutions.map((i) => [i.code, i]));
  const compiled = forms.map((form) => {
    const at = form.template.indexOf('<code>');
    return { ...form, prefix: form.template.slice(0, at), suffix: form.template.slice(at + '<code>'.length) };
  });
  return (rawHost, today) => {
    const host = stripPort(rawHost).toLowerCase();
    for (const form of compiled) {
      if (!host.startsWith(form.prefix) || !host.endsWith(form.suffix)) continue;
      const code = host.slice(form.prefix.length, host.length - form.suffix.length);
      if (!/^\d{5}$/.test(code)) continue;
      if (form.withdrawnFrom !== null && today >= form.withdrawnFrom)
        return { ok: false, code: 'HOST_WITHDRAWN' };
      const institution = byCode.get(code);
      if (institution === undefined) return { ok: false, code: 'INSTITUTION_UNKNOWN' };
      // Only institutions opened to the sandbox answer on the sandbox form (seed: Addresses).
      if (form.form === 'sandbox' && !institution.sandbox) return { ok: false, code: 'INSTITUTION_UNKNOWN' };
      return { ok: true, institution, form: form.form };
    }
    return { ok: false, code: 'HOST_UNKNOWN' };
  };
}

/**
 * The host without its port. An IPv6 literal (`[::1]:8443`) is cut at its last colon too: no host
 * form has brackets or colons, so it resolves to no institution however it is cut.
 */
function stripPort(host: string): string {
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
