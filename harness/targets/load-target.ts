/**
 * Loads a target file (contracts §9): YAML with positions, `${NAME}` values from the environment, the
 * target JSON Schema, then every PEM file it names, relative to the target file (each certificate
 * checked for its validity dates).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compileLocatedValidator, type LocatedValidator } from '../suite/schema-validator.ts';
import type { SourceProblem } from '../suite/suite-error.ts';
import {
  parseYamlSource,
  readYamlSource,
  type YamlParseResult,
  type YamlSource,
} from '../suite/yaml-source.ts';
import {
  defaultSignatureHeaders,
  signingHeaders,
  type BrowserStep,
  type Target,
  type TppCredentials,
} from './target-definition.ts';
import { interpolateEnv } from './interpolate-env.ts';
import { TargetError } from './target-error.ts';
import type { RawBrowserStep, RawTarget, RawTpp } from './target-schema.generated.ts';

/** The published JSON Schema of target files. */
export const targetSchemaUrl = new URL('./target.schema.json', import.meta.url);

let validator: LocatedValidator<RawTarget> | undefined;

/** Reads and parses the target file at `file`. Throws {@link TargetError} with `file:line:col`. */
export function loadTarget(file: string): Target {
  return targetFrom(file, readYamlSource(file));
}

/** Parses target text read from `file` (PEM paths are resolved next to `file`). */
export function parseTarget(file: string, text: string): Target {
  return targetFrom(file, parseYamlSource(file, text));
}

function targetFrom(file: string, parsed: YamlParseResult): Target {
  if (!parsed.ok) throw new TargetError(parsed.problems);
  const interpolated = interpolateEnv(parsed.source, process.env);
  if (interpolated.problems.length > 0) throw new TargetError(interpolated.problems);
  validator ??= compileLocatedValidator<RawTarget>(targetSchemaUrl);
  const valid = validator.validate(interpolated.source);
  if (!valid.ok) throw new TargetError(valid.problems);
  return buildTarget(valid.value, interpolated.source, dirname(resolve(file)));
}

function buildTarget(raw: RawTarget, source: YamlSource, dir: string): Target {
  const problems: SourceProblem[] = [];
  const pem = (relativePath: string, pointer: string): string => {
    const path = resolve(dir, relativePath);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      problems.push({ where: source.locate(pointer), message: `cannot read ${path}` });
      return '';
    }
    // Checked here so a wrong path shows up as a line of the target file, not as a TLS error later.
    const isKey = /(^|\/)key$/.test(pointer);
    try {
      if (isKey) createPrivateKey(text);
      else {
        // An expired or not-yet-valid certificate would fail every case with a TLS or 401 error.
        const problem = validityProblem(new X509Certificate(text), path, new Date());
        if (problem !== undefined) problems.push({ where: source.locate(pointer), message: problem });
      }
    } catch {
      problems.push({
        where: source.locate(pointer),
        message: `${path} is not a PEM ${isKey ? 'private key' : 'certificate'}`,
      });
    }
    return text;
  };
  const tpp = (t: RawTpp, pointer: string): TppCredentials => ({
    clientId: t.clientId,
    qwac: { cert: pem(t.qwac.cert, `${pointer}/qwac/cert`), key: pem(t.qwac.key, `${pointer}/qwac/key`) },
    qseal: {
      key: pem(t.qseal.key, `${pointer}/qseal/key`),
      cert: t.qseal.cert === undefined ? undefined : pem(t.qseal.cert, `${pointer}/qseal/cert`),
      keyId: t.qseal.keyId,
    },
    redirectUri: t.redirectUri,
    qwacFiles: { cert: resolve(dir, t.qwac.cert), key: resolve(dir, t.qwac.key) },
  });
  const headers = raw.signature?.headers ?? [...defaultSignatureHeaders];
  const capabilities = raw.capabilities ?? [];
  if (capabilities.includes('sandbox') && capabilities.includes('live')) {
    // Contracts §5: the control API is off on a live host, so a target cannot offer both.
    problems.push({
      where: source.locate('/capabilities'),
      message: 'a live host has no sandbox control API: declare sandbox or live, not both',
    });
  }
  const [connectHost = '', connectPort = '0'] = raw.connect?.split(':') ?? [];
  const target: Target = {
    name: raw.name,
    baseUrl: raw.baseUrl,
    connect: raw.connect === undefined ? undefined : { host: connectHost, port: Number(connectPort) },
    ca: raw.ca === undefined ? undefined : pem(raw.ca, '/ca'),
    ...(raw.ca === undefined ? {} : { caFile: resolve(dir, raw.ca) }),
    versions: raw.versions,
    institutions: raw.institutions.map((i) => {
      const freshness =
        i.signatureFreshness === undefined
          ? undefined
          : {
              windowSeconds: i.signatureFreshness.windowSeconds,
              replayCache: i.signatureFreshness.replayCache ?? false,
            };
      return {
        code: i.code,
        confirmationSegment: i.confirmationSegment ?? 'confirmation',
        fundsConfirmation: i.fundsConfirmation ?? true,
        sandbox: capabilities.includes('sandbox') && (i.sandbox ?? true),
        signatureHeaders: signingHeaders(i.signature?.headers ?? headers, freshness),
        signatureFreshness: freshness,
      };
    }),
    tpp: tpp(raw.tpp, '/tpp'),
    tpps: Object.fromEntries(
      Object.entries(raw.tpps ?? {}).map(([name, t]) => [name, tpp(t, `/tpps/${name}`)]),
    ),
    personas: Object.fromEntries(
      Object.entries(raw.personas ?? {}).map(([name, p]) => [
        name,
        { identifier: p.identifier, otp: p.otp, driver: p.driver ?? 'http', institutions: p.institutions },
      ]),
    ),
    browserSteps: raw.browser?.steps?.map(browserStep),
    callbackTls:
      raw.callback === undefined
        ? undefined
        : { cert: pem(raw.callback.cert, '/callback/cert'), key: pem(raw.callback.key, '/callback/key') },
    capabilities,
    sandboxPersonas: raw.sandboxPersonas ?? {},
    sandboxOtp: raw.sandboxOtp,
    ...(raw.qsealIssuer === undefined
      ? {}
      : {
          qsealIssuer: {
            certPem: pem(raw.qsealIssuer.cert, '/qsealIssuer/cert'),
            keyPem: pem(raw.qsealIssuer.key, '/qsealIssuer/key'),
          },
        }),
  };
  if (problems.length > 0) throw new TargetError(problems);
  return target;
}

/** The one action of a browser step (the schema allows exactly one key per step). */
function browserStep(step: RawBrowserStep): BrowserStep {
  if (step.goto !== undefined) return { goto: step.goto };
  if (step.fill !== undefined) return { fill: step.fill };
  if (step.click !== undefined) return { click: step.click };
  if (step.wait !== undefined) return { wait: step.wait };
  return { expectRedirect: step.expectRedirect ?? true };
}

/** Why `certificate` cannot be used at `now` (expired, not yet valid), or undefined. */
export function validityProblem(certificate: X509Certificate, path: string, now: Date): string | undefined {
  const from = new Date(certificate.validFrom);
  const to = new Date(certificate.validTo);
  const subject =
    certificate.subject.split('\n').find((part) => part.startsWith('CN=')) ?? certificate.subject;
  if (now.getTime() > to.getTime()) return `${path} (${subject}) expired on ${to.toISOString()}: renew it`;
  if (now.getTime() < from.getTime())
    return `${path} (${subject}) is not valid before ${from.toISOString()}: check the clock or the certificate`;
  return undefined;
}
