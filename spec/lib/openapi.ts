/**
 * The generated OpenAPI documents (`spec/openapi/<version>.yaml`, loaded from their `.json` twin) and
 * request matching against them.
 */
import { readSpecJson } from './spec-files.ts';
import { SpecError } from './spec-error.ts';
import { assertApiVersion } from './versions.ts';
import type { ApiVersion } from './versions.ts';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/** A matched operation: its id, the path template it came from and the path parameter values. */
export interface OperationMatch {
  operationId: string;
  pathTemplate: string;
  params: Record<string, string>;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  operationId: string;
  operation: Readonly<Record<string, unknown>>;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const documents = new Map<ApiVersion, Readonly<Record<string, unknown>>>();
const routeTables = new Map<ApiVersion, Route[]>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The OpenAPI 3.1 document of a version, parsed once and deep-frozen. */
export function openApiDocument(version: ApiVersion): Readonly<Record<string, unknown>> {
  const known = assertApiVersion(version);
  let document = documents.get(known);
  if (document === undefined) {
    const value = readSpecJson(`openapi/${known}.json`);
    if (!isRecord(value) || !isRecord(value['paths'])) {
      throw new SpecError('ERR_SPEC_INVALID', `spec/openapi/${known}.yaml has no paths`, {
        hint: 'Run `npm run spec:build`.',
      });
    }
    document = deepFreeze(value);
    documents.set(known, document);
  }
  return document;
}

function routes(version: ApiVersion): Route[] {
  let table = routeTables.get(version);
  if (table === undefined) {
    table = [];
    const paths = openApiDocument(version)['paths'];
    for (const [template, item] of Object.entries(isRecord(paths) ? paths : {})) {
      if (!isRecord(item)) continue;
      const names: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return escapeRegExp(part);
          names.push(name);
          return '([^/]+)';
        })
        .join('');
      for (const method of methods) {
        const operation = item[method];
        if (!isRecord(operation) || typeof operation['operationId'] !== 'string') continue;
        table.push({
          method,
          template,
          pattern: new RegExp(`^${source}$`),
          names,
          operationId: operation['operationId'],
          operation,
        });
      }
    }
    // Literal paths win over templated ones (fewer parameters first).
    table.sort((a, b) => a.names.length - b.names.length);
    routeTables.set(version, table);
  }
  return table;
}

function findRoute(
  version: ApiVersion,
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const bare = (path.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');
  const wanted = method.toLowerCase();
  for (const route of routes(version)) {
    if (route.method !== wanted) continue;
    const match = route.pattern.exec(bare);
    if (match === null) continue;
    const params = decodeParams(route.names, match);
    // A segment whose percent-encoding does not decode names no operation (a bank answers it 404).
    if (params === undefined) continue;
    return { route, params };
  }
  return undefined;
}

function decodeParams(names: readonly string[], match: RegExpExecArray): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}

/**
 * The operation of `version` that serves `method` on `path` (a full path such as
 * `/stet/psd2/v1.6.2/accounts/A1/balances`; query string ignored), or undefined.
 */
export function matchOperation(
  version: ApiVersion,
  method: string,
  path: string,
): OperationMatch | undefined {
  const found = findRoute(version, method, path);
  if (found === undefined) return undefined;
  return { operationId: found.route.operationId, pathTemplate: found.route.template, params: found.params };
}

/** The OpenAPI operation object matched by `matchOperation`, for callers that need its details. */
export function operationObject(
  version: ApiVersion,
  method: string,
  path: string,
): Readonly<Record<string, unknown>> | undefined {
  return findRoute(version, method, path)?.route.operation;
}

/**
 * The OAuth scope an operation needs (`x-scope` of the documents: aisp, piisp, cbpii, pisp), or
 * undefined for the OAuth and registration endpoints and unknown operations.
 */
export function operationScope(version: ApiVersion, method: string, path: string): string | undefined {
  const scope = operationObject(version, method, path)?.['x-scope'];
  return typeof scope === 'string' ? scope : undefined;
}

/**
 * The methods (upper case) the document defines for `path` in `version`; empty when no path template
 * matches. A known path with another method is a wrong verb (405 NIMP), an unknown path a 404.
 */
export function allowedMethods(version: ApiVersion, path: string): string[] {
  const bare = (path.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');
  const found = new Set<string>();
  for (const route of routes(version)) if (route.pattern.test(bare)) found.add(route.method.toUpperCase());
  return [...found];
}
