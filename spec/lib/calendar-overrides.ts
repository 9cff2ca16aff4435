/**
 * A deployment's own version calendar: a small YAML file mapping versions to their live dates
 * (`v1.4.2: 2026-01-01`), validated by `spec/calendar-overrides.schema.json` and applied on top of the
 * defaults of `spec/versions.yaml` (which announce nothing: the seed gives no version go-live date).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { CodedError } from '../../lib/coded-error.ts';
import type { ErrorCodeWith } from '../../lib/error-codes.ts';
import { readSpecJson } from './spec-files.ts';
import { apiVersions, versionCalendar } from './versions.ts';
import type { ApiVersion, VersionCalendar } from './versions.ts';

/** Why a calendar file cannot be used. */
export type CalendarErrorCode = ErrorCodeWith<'ERR_CALENDAR_'>;

/** A calendar file the user gave cannot be read, or says something the calendar cannot hold. */
export class CalendarError extends CodedError<CalendarErrorCode> {}

/** Live dates given by a deployment, per version; null = not announced; absent = keep the default. */
export type CalendarOverrides = Readonly<Partial<Record<ApiVersion, string | null>>>;

const hint =
  'A calendar file maps versions to live dates, e.g. `v1.4.2: 2026-01-01` (one line per version; null = not announced).';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule.default;
let validator: ValidateFunction | undefined;

function validate(value: unknown): ErrorObject[] {
  if (validator === undefined) {
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    const schema = readSpecJson('calendar-overrides.schema.json');
    if (typeof schema !== 'object' || schema === null)
      throw new TypeError('calendar schema is not an object');
    validator = ajv.compile(schema);
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One readable line per schema violation, naming the version at fault. */
function describe(errors: readonly ErrorObject[], value: unknown): string[] {
  const lines = new Set<string>();
  for (const error of errors) {
    const params: Record<string, unknown> = error.params;
    if (error.keyword === 'propertyNames' || (error.instancePath === '' && error.keyword === 'enum')) {
      const name = params['propertyName'];
      if (name !== undefined)
        lines.add(`unknown version ${JSON.stringify(name)} (known: ${apiVersions.join(', ')})`);
      continue;
    }
    if (error.instancePath === '') {
      if (error.keyword === 'minProperties') lines.add('names no version');
      else if (error.keyword === 'type') lines.add('must be a mapping of versions to live dates');
      continue;
    }
    const key = decodeURIComponent(error.instancePath.slice(1)).replace(/~1/g, '/').replace(/~0/g, '~');
    // An unknown version is reported once, by its name; its value does not matter.
    if (!apiVersions.some((v) => v === key)) continue;
    const given = isRecord(value) ? value[key] : undefined;
    lines.add(`${key} must be a calendar date YYYY-MM-DD or null, got ${JSON.stringify(given)}`);
  }
  return [...lines];
}

/** Validates a parsed calendar document (any YAML/JSON value) into overrides; `file` names it in errors. */
export function parseCalendarOverrides(value: unknown, file: string): CalendarOverrides {
  const problems = describe(validate(value), value);
  if (problems.length > 0 || !isRecord(value)) {
    throw new CalendarError('ERR_CALENDAR_INVALID', `${file}: ${problems.join('; ') || 'not a mapping'}`, {
      hint,
    });
  }
  const overrides: Partial<Record<ApiVersion, string | null>> = {};
  for (const version of apiVersions) {
    if (!(version in value)) continue;
    const date = value[version];
    overrides[version] = typeof date === 'string' ? date : null;
  }
  return overrides;
}

/** Reads and validates a calendar file (YAML or JSON). */
export function readCalendarOverrides(path: string): CalendarOverrides {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new CalendarError('ERR_CALENDAR_UNREADABLE', `cannot read the calendar file ${path}`, {
      cause,
      hint: 'Check the path given to --calendar.',
    });
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new CalendarError('ERR_CALENDAR_INVALID', `${path}: not YAML: ${detail}`, { cause, hint });
  }
  return parseCalendarOverrides(value, path);
}

/**
 * The calendar with a deployment's live dates in place of the defaults (`liveDateSource:
 * deployment`). Refuses a version going live before the one it replaces: T0 of N+1 cannot precede N's.
 */
export function applyCalendarOverrides(
  calendar: VersionCalendar,
  overrides: CalendarOverrides,
  file = 'calendar',
): VersionCalendar {
  const versions = calendar.versions.map((info) => {
    const date = overrides[info.id];
    return date === undefined ? info : { ...info, liveDate: date, liveDateSource: 'deployment' as const };
  });
  for (let i = 1; i < versions.length; i++) {
    const before = versions[i - 1];
    const after = versions[i];
    if (before?.liveDate == null || after?.liveDate == null) continue;
    if (after.liveDate < before.liveDate) {
      throw new CalendarError(
        'ERR_CALENDAR_INVALID',
        `${file}: ${after.id} goes live on ${after.liveDate}, before ${before.id} (${before.liveDate}) which it replaces`,
        { hint },
      );
    }
  }
  return { ...calendar, versions };
}

/** The version calendar of `spec/versions.yaml`, with the overrides of `file` when one is given. */
export function loadVersionCalendar(file?: string): VersionCalendar {
  if (file === undefined) return versionCalendar();
  return applyCalendarOverrides(versionCalendar(), readCalendarOverrides(file), file);
}
