/**
 * The sandbox control API (docs/contracts.md §5) as the e2e tests use it: the harness's TPP client
 * from Node, over mTLS with the demo TPP's QWAC, dialling the reference's address with the
 * institution host as SNI and Host.
 */
import type { ClonedPsu } from '../../harness/client/cloned-psu.ts';
import { StetClient } from '../../harness/client/stet-client.ts';
import { TppClient } from '../../harness/client/tpp-client.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { institutionHost } from '../../harness/targets/target-definition.ts';
import { parseServeInfo, targetFromServeInfo } from '../../harness/targets/target-from-serve-info.ts';
import type { StartLine } from '../../reference-aspsp/index.ts';

/** A PSU cloned from a persona for one test. */
export type SandboxPsu = ClonedPsu;

/** A client of the sandbox control API of one institution host. */
export class SandboxClient {
  readonly #client: StetClient;
  readonly #tpp: TppClient;

  constructor(info: StartLine, host: string) {
    const target = targetFromServeInfo(parseServeInfo(info), { name: 'e2e reference' });
    const institution = target.institutions.find((i) => institutionHost(target, i.code) === host);
    if (institution === undefined) throw new Error(`the reference serves no institution at ${host}`);
    this.#client = new StetClient(target, new SecretSet());
    this.#tpp = new TppClient({ client: this.#client, target, institution: institution.code });
  }

  /** `POST /sandbox/v1/psus`: a fresh PSU cloned from `persona`. */
  async createPsu(persona: string): Promise<SandboxPsu> {
    const { psu, exchange } = await this.#tpp.clonePsu(persona);
    if (psu === undefined)
      throw new Error(`cloning ${persona} answered ${exchange.status}: ${exchange.text}`);
    return psu;
  }

  /** `POST /sandbox/v1/psus/{psuId}/clock` `{"travel"}`: moves the PSU's clock by an ISO 8601 duration. */
  async travel(psuId: string, duration: string): Promise<string> {
    const exchange = await this.#tpp.moveClock(psuId, { travel: duration });
    const now: unknown =
      typeof exchange.json === 'object' && exchange.json !== null
        ? Reflect.get(exchange.json, 'now')
        : undefined;
    if (exchange.status !== 200 || typeof now !== 'string')
      throw new Error(`clock travel answered ${exchange.status} (expected 200 with "now"): ${exchange.text}`);
    return now;
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
