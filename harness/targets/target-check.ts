/**
 * `stet-harness target check FILE`: a target file judged offline, before any run — YAML and schema,
 * every PEM file it names (readable, a certificate or a private key, dates, the chain a certificate
 * file carries, the CA being a CA), and each certificate against its private key. What is not wrong
 * but still the example's or not there yet (an unset `${NAME}`, a PEM file not yet put in place, the
 * example host) is listed apart as "to fill in".
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compileLocatedValidator, type LocatedValidator } from '../suite/schema-validator.ts';
import type { SourceProblem } from '../suite/suite-error.ts';
import { readYamlSource, type YamlSource } from '../suite/yaml-source.ts';
import { interpolateEnv } from './interpolate-env.ts';
import { targetSchemaUrl, validityProblem } from './load-target.ts';
import { TargetError } from './target-error.ts';
import type { RawTarget, RawTpp } from './target-schema.generated.ts';

/** What `target check` found: problems (the file cannot be used) and what is still to fill in. */
export interface TargetCheck {
  /** Each makes a run fail at once: schema, unreadable or broken PEM, expired, mismatched key. */
  readonly problems: readonly SourceProblem[];
  /** Not wrong, not done: an unset variable, a PEM file not yet there, the example's host. */
  readonly toFill: readonly SourceProblem[];
  /** The PEM files that were read and found right. */
  readonly checkedFiles: readonly string[];
}

/** A certificate expiring within this many days is reported to fill in (renew it) before a campaign. */
export const renewWithinDays = 30;

let validator: LocatedValidator<RawTarget> | undefined;

/**
 * Checks the target file at `file` offline (no connection is made). Throws {@link TargetError} only
 * when the file cannot be read as YAML at all; everything else is in the returned lists.
 */
export function checkTargetFile(file: string, now = new Date()): TargetCheck {
  const parsed = readYamlSource(file);
  if (!parsed.ok) throw new TargetError(parsed.problems);
  const toFill: SourceProblem[] = [];
  const interpolated = interpolateEnv(parsed.source, process.env);
  for (const p of interpolated.problems) toFill.push({ where: p.where, message: p.message });
  validator ??= compileLocatedValidator<RawTarget>(targetSchemaUrl);
  const valid = validator.validate(interpolated.source);
  if (!valid.ok) return { problems: valid.problems, toFill, checkedFiles: [] };
  const checker = new PemChecker(interpolated.source, dirname(resolve(file)), now);
  checker.check(valid.value, toFill);
  return { problems: checker.problems, toFill, checkedFiles: checker.checkedFiles };
}

/** The example's host suffix (RFC 2606): a target still pointing there is not filled in. */
const exampleHost = /\.example(:\d+)?$/;

class PemChecker {
  readonly problems: SourceProblem[] = [];
  readonly checkedFiles: string[] = [];
  private toFill: SourceProblem[] = [];

  constructor(
    private readonly source: YamlSource,
    private readonly dir: string,
    private readonly now: Date,
  ) {}

  check(raw: RawTarget, toFill: SourceProblem[]): void {
    this.toFill = toFill;
    const host = /^https:\/\/([^/]+)/.exec(raw.baseUrl)?.[1] ?? '';
    if (exampleHost.test(host))
      toFill.push({
        where: this.source.locate('/baseUrl'),
        message: `baseUrl ${raw.baseUrl} is the example's host: put your institutions' host`,
      });
    if (raw.ca !== undefined) {
      const ca = this.certificates(raw.ca, '/ca', 'the CA of the server certificate');
      if (ca !== undefined && ca[0] !== undefined && !ca[0].ca)
        this.problem('/ca', `${this.path(raw.ca)} is not a CA certificate (basicConstraints CA:FALSE)`);
    }
    this.tpp(raw.tpp, '/tpp');
    for (const [name, tpp] of Object.entries(raw.tpps ?? {})) this.tpp(tpp, `/tpps/${name}`);
    if (raw.callback !== undefined)
      this.pair(
        { cert: raw.callback.cert, key: raw.callback.key },
        '/callback',
        'the callback listener’s TLS',
      );
    if (raw.qsealIssuer !== undefined)
      this.pair({ cert: raw.qsealIssuer.cert, key: raw.qsealIssuer.key }, '/qsealIssuer', 'the QSEAL issuer');
  }

  private tpp(tpp: RawTpp, pointer: string): void {
    this.pair(tpp.qwac, `${pointer}/qwac`, 'the TPP’s QWAC');
    if (tpp.qseal.cert === undefined) this.key(tpp.qseal.key, `${pointer}/qseal/key`, 'the TPP’s QSEAL');
    else this.pair({ cert: tpp.qseal.cert, key: tpp.qseal.key }, `${pointer}/qseal`, 'the TPP’s QSEAL');
  }

  /** A certificate file and its private key: each right, and the key the certificate's. */
  private pair(files: { cert: string; key: string }, pointer: string, what: string): void {
    const chain = this.certificates(files.cert, `${pointer}/cert`, `${what} certificate`);
    const key = this.key(files.key, `${pointer}/key`, what);
    const leaf = chain?.[0];
    if (leaf === undefined || key === undefined) return;
    if (!leaf.checkPrivateKey(key))
      this.problem(
        `${pointer}/key`,
        `${this.path(files.key)} is not the private key of ${this.path(files.cert)}: the two files do not make a pair`,
      );
  }

  /** The certificates of a PEM file, leaf first, each checked for its dates and its issuer in the file. */
  private certificates(file: string, pointer: string, what: string): X509Certificate[] | undefined {
    const text = this.read(file, pointer, what);
    if (text === undefined) return undefined;
    const path = this.path(file);
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    const chain: X509Certificate[] = [];
    try {
      if (blocks.length === 0) throw new Error('no certificate');
      for (const block of blocks) chain.push(new X509Certificate(block));
    } catch {
      this.problem(pointer, `${path} is not a PEM certificate (damaged or truncated?)`);
      return undefined;
    }
    for (const certificate of chain) {
      const invalid = validityProblem(certificate, path, this.now);
      if (invalid !== undefined) this.problem(pointer, invalid);
      else if (new Date(certificate.validTo).getTime() - this.now.getTime() < renewWithinDays * 86_400_000)
        this.toFill.push({
          where: this.source.locate(pointer),
          message: `${path} expires on ${new Date(certificate.validTo).toISOString()}, within ${renewWithinDays} days: renew it`,
        });
    }
    chain.forEach((certificate, i) => {
      const issuer = chain[i + 1];
      if (issuer === undefined) return;
      if (!certificate.checkIssued(issuer) || !certificate.verify(issuer.publicKey))
        this.problem(
          pointer,
          `${path}: certificate ${i + 1} of the file is not signed by certificate ${i + 2}: the chain is out of order or broken`,
        );
    });
    this.checkedFiles.push(path);
    return chain;
  }

  private key(file: string, pointer: string, what: string): KeyObject | undefined {
    const text = this.read(file, pointer, `${what} private key`);
    if (text === undefined) return undefined;
    try {
      const key = createPrivateKey(text);
      this.checkedFiles.push(this.path(file));
      return key;
    } catch {
      this.problem(pointer, `${this.path(file)} is not a PEM private key (damaged, truncated or encrypted?)`);
      return undefined;
    }
  }

  /** The file's text; a file not there yet is to fill in, one there but unreadable a problem. */
  private read(file: string, pointer: string, what: string): string | undefined {
    // An unset `${NAME}` is already listed to fill in.
    if (file.includes('${')) return undefined;
    const path = this.path(file);
    if (!existsSync(path)) {
      this.toFill.push({ where: this.source.locate(pointer), message: `put ${what} (PEM) at ${path}` });
      return undefined;
    }
    try {
      return readFileSync(path, 'utf8');
    } catch {
      this.problem(pointer, `cannot read ${path}`);
      return undefined;
    }
  }

  private path(file: string): string {
    return resolve(this.dir, file);
  }

  private problem(pointer: string, message: string): void {
    this.problems.push({ where: this.source.locate(pointer), message });
  }
}
