/**
 * The HTTP statuses the seed states for an operation (`spec/seed-statuses.yaml`) and for an error code
 * (`spec/errors.yaml`, `statusIsChoice: false`), each under the seed rule quoting it, and the judgement
 * of one answer against them: a status contrary to the seed fails a bank; a status the seed says
 * nothing about is only compared with our OpenAPI documents (`documentedStatuses`, a choice).
 */
import { lookupError } from './errors.ts';
import { getRule } from './rules.ts';
import { array, at, integer, object, oneOf, optionalArray, reader, string, type At } from './parse.ts';
import { SpecError } from './spec-error.ts';
import { readSpecYaml } from './spec-files.ts';
import { apiVersions, type ApiVersion } from './versions.ts';

const FILE = 'seed-statuses.yaml';

/** What the statuses of a statement state: the success of the operation, or every answer to it. */
export type SeedStatusAnswer = 'success' | 'always';

/** One statement of the seed about the status of an operation. */
export interface SeedStatusStatement {
  /** The methods it is about, upper case. */
  methods: readonly string[];
  /** The path template: `<version>` the version segment, `{name}` one path segment. */
  path: string;
  /** Narrows it to requests carrying this header (name lower case) with this value. */
  when?: { header: string; equals: string };
  /** The versions it applies to: its own list, else its rule's. */
  versions: readonly ApiVersion[];
  answer: SeedStatusAnswer;
  statuses: readonly number[];
  /** The seed rule quoting the status. */
  rule: string;
}

/** The statuses of the refusals of access that may come before any operation is reached (401, 403). */
export interface AccessRefusals {
  statuses: readonly number[];
  rules: readonly string[];
}

interface SeedStatusFile {
  accessRefusals: AccessRefusals;
  operations: readonly SeedStatusStatement[];
}

function seedRule(value: unknown, where: At): string {
  const id = string(value, where);
  const rule = getRule(id);
  if (rule?.basis.kind !== 'seed')
    throw new SpecError('ERR_SPEC_INVALID', `${where.file}: ${where.path} must name a seed rule, got ${id}`, {
      hint: 'Name a rule of spec/rules.yaml with basis: seed (add one quoting the status), then run `npm run spec:check`.',
    });
  return id;
}

function version(value: unknown, where: At): ApiVersion {
  return oneOf(apiVersions)(value, where);
}

function parseStatement(value: unknown, where: At): SeedStatusStatement {
  const o = reader(value, where);
  const rule = o.get('rule', seedRule);
  const own = o.get('versions', optionalArray(version));
  const when = o.get('when', (v, w) => {
    if (v === undefined) return undefined;
    const c = reader(v, w);
    return { header: c.get('header', string).toLowerCase(), equals: c.get('equals', string) };
  });
  return {
    methods: o.get('methods', array(string)).map((m) => m.toUpperCase()),
    path: o.get('path', string),
    ...(when === undefined ? {} : { when }),
    versions: own.length > 0 ? own : (getRule(rule)?.versions ?? []),
    answer: o.get('answer', oneOf(['success', 'always'] as const)),
    statuses: o.get('statuses', array(integer)),
    rule,
  };
}

/** Parses the content of `spec/seed-statuses.yaml`; throws `ERR_SPEC_INVALID` naming the bad value. */
export function parseSeedStatuses(value: unknown, file: string = FILE): SeedStatusFile {
  const root = { file, path: '$' };
  const o = reader(value, root);
  const refusals = reader(o.get('accessRefusals', object), at(root, 'accessRefusals'));
  return {
    accessRefusals: {
      statuses: refusals.get('statuses', array(integer)),
      rules: refusals.get('rules', array(seedRule)),
    },
    operations: o.get('operations', array(parseStatement)),
  };
}

let cached: SeedStatusFile | undefined;

function load(): SeedStatusFile {
  cached ??= parseSeedStatuses(readSpecYaml(FILE));
  return cached;
}

function matchesPath(template: string, version: ApiVersion, path: string): boolean {
  const want = template.replace('<version>', version).split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (/^\{[^}]+\}$/.test(segment) ? got[i] !== '' : segment === got[i]))
  );
}

/**
 * What the seed states about the status of `method` on `path` (full path, no query) in `version`: the
 * first statement of `spec/seed-statuses.yaml` that matches, `header` giving the request's headers
 * (the fallback token request is told apart by `fallback: 1`). Undefined when the seed states none.
 */
export function seedStatuses(
  version: ApiVersion,
  method: string,
  path: string,
  header: (name: string) => string | undefined = () => undefined,
): SeedStatusStatement | undefined {
  const upper = method.toUpperCase();
  return load().operations.find(
    (s) =>
      s.methods.includes(upper) &&
      s.versions.includes(version) &&
      matchesPath(s.path, version, path) &&
      (s.when === undefined || header(s.when.header)?.trim() === s.when.equals),
  );
}

/** The refusals of access that may precede an operation the seed gives an `always` status. */
export function accessRefusals(): AccessRefusals {
  return load().accessRefusals;
}

/**
 * The statuses the seed gives an error code, and the seed rule stating them (`ERR-<status>-<code>`),
 * from `spec/errors.yaml`; undefined for a code whose status is our choice, a code of ours, or an
 * unknown code. An alias (ISPM) gives its code's.
 */
export function seedStatusOfCode(code: string): { statuses: number[]; rule: string } | undefined {
  const entry = lookupError(code);
  if (entry === undefined || entry.statusIsChoice || entry.origin !== 'seed' || entry.codeIsChoice)
    return undefined;
  const statuses = [...new Set([entry.httpStatus, ...entry.contexts.map((c) => c.httpStatus)])];
  const rule = [entry.httpStatus, ...statuses]
    .map((s) => `ERR-${s}-${entry.code.toUpperCase().replace(/_/g, '-')}`)
    .find((id) => getRule(id)?.basis.kind === 'seed');
  return rule === undefined ? undefined : { statuses, rule };
}

/** One answer, as the status judgement sees it. */
export interface AnsweredRequest {
  version: ApiVersion;
  method: string;
  /** The full path, without query. */
  path: string;
  status: number;
  /** The request's headers (the fallback token request carries `fallback: 1`). */
  header?: (name: string) => string | undefined;
  /** The error code the answer carries, if any. */
  code?: string;
}

/** A status contrary to what the seed states: its rule, the statuses the seed allows, and why. */
export interface ContraryStatus {
  rule: string;
  expected: readonly number[];
  message: string;
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 400;
}

/**
 * Judges an answer's status against the seed: undefined when the seed states nothing it contradicts.
 * Contrary are: a success status other than the operation's (PUT /consents answered 200, not 201); any
 * status but the stated one where the seed states every answer (501 on transactions/details, 405 on
 * another method), refusals of access aside; a code answered with another status than the seed gives it
 * (BADS not in a 403).
 */
export function contraryStatus(answer: AnsweredRequest): ContraryStatus | undefined {
  const operation = `${answer.method.toUpperCase()} ${answer.path}`;
  const statement = seedStatuses(answer.version, answer.method, answer.path, answer.header);
  if (statement !== undefined && !statement.statuses.includes(answer.status)) {
    const contrary =
      statement.answer === 'success'
        ? isSuccess(answer.status)
        : !accessRefusals().statuses.includes(answer.status);
    const said = statement.statuses.join(' or ');
    if (contrary)
      return {
        rule: statement.rule,
        expected: statement.statuses,
        message:
          statement.answer === 'success'
            ? `${operation} succeeded with ${answer.status}; the seed's success status is ${said} (${statement.rule})`
            : `${operation} answered ${answer.status}; the seed says it always answers ${said} (${statement.rule})`,
      };
  }
  const ofCode = answer.code === undefined ? undefined : seedStatusOfCode(answer.code);
  if (ofCode !== undefined && answer.code !== undefined && !ofCode.statuses.includes(answer.status))
    return {
      rule: ofCode.rule,
      expected: ofCode.statuses,
      message: `${operation} answered ${answer.code} with ${answer.status}; the seed gives ${answer.code} ${ofCode.statuses.join(' or ')} (${ofCode.rule})`,
    };
  return undefined;
}
