import { apiVersions, type ApiVersion } from '../../spec/lib/index.ts';
import type { HttpMethod, Route } from './route.ts';

/** What {@link Router.match} found for a method and path. */
export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string>; version: ApiVersion | undefined }
  | { kind: 'method-not-allowed'; allow: readonly HttpMethod[]; version: ApiVersion | undefined }
  | { kind: 'not-found' };

interface CompiledRoute {
  readonly route: Route;
  /** Literal segment, or `{name}` turned into a parameter name. */
  readonly segments: readonly ({ literal: string } | { param: string })[];
  readonly versions: ReadonlySet<string>;
}

/**
 * Matches request paths against route templates (see {@link Route}).
 *
 * Templates are split into segments once; a match walks the routes of the same segment count, so the
 * cost per request is a handful of string comparisons. Literal segments win over parameters, so
 * `/accounts/{id}` never shadows a literal `/accounts/search` declared alongside it.
 */
export class Router {
  readonly #bySegmentCount = new Map<number, CompiledRoute[]>();

  constructor(routes: readonly Route[]) {
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`route declared twice: ${key}`);
      seen.add(key);
      const segments = route.path
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s }));
      const versioned = segments.some((s) => 'param' in s && s.param === 'version');
      if (versioned && (route.versions?.length ?? 0) === 0) {
        throw new Error(`route ${key} has {version} but no versions`);
      }
      // Bearer handlers are given the version's profile: their path must name the version.
      if (route.auth === 'bearer' && !versioned) throw new Error(`bearer route ${key} has no {version}`);
      const list = this.#bySegmentCount.get(segments.length) ?? [];
      list.push({ route, segments, versions: new Set(route.versions ?? []) });
      // More literal segments first: the most specific template wins.
      list.sort((a, b) => literalCount(b) - literalCount(a));
      this.#bySegmentCount.set(segments.length, list);
    }
  }

  /** Finds the route of `method` and `path` (path without query, not yet decoded). */
  match(method: string, path: string): RouteMatch {
    const parts = path.split('/').slice(1);
    const candidates = this.#bySegmentCount.get(parts.length);
    if (candidates === undefined) return { kind: 'not-found' };
    const allow: HttpMethod[] = [];
    let matchedTemplate: string | undefined;
    let matchedVersion: string | undefined;
    for (const candidate of candidates) {
      const params = matchSegments(candidate, parts);
      if (params === undefined) continue;
      // Once a template matched, only routes of that same template count for 405.
      if (matchedTemplate !== undefined && candidate.route.path !== matchedTemplate) continue;
      matchedTemplate = candidate.route.path;
      matchedVersion = params['version'];
      if (candidate.route.method === method) {
        const { version, ...rest } = params;
        return { kind: 'found', route: candidate.route, params: rest, version: asVersion(version) };
      }
      allow.push(candidate.route.method);
    }
    return allow.length > 0
      ? { kind: 'method-not-allowed', allow, version: asVersion(matchedVersion) }
      : { kind: 'not-found' };
  }
}

function matchSegments(
  candidate: CompiledRoute,
  parts: readonly string[],
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = candidate.segments[i];
    const part = parts[i] ?? '';
    if (segment === undefined) return undefined;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
      continue;
    }
    if (part === '') return undefined;
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (segment.param === 'version' && !candidate.versions.has(value)) return undefined;
    params[segment.param] = value;
  }
  return params;
}

function literalCount(route: CompiledRoute): number {
  return route.segments.filter((s) => 'literal' in s).length;
}

function asVersion(value: string | undefined): ApiVersion | undefined {
  return apiVersions.find((version) => version === value);
}
