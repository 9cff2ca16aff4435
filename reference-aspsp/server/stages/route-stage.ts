import { isDecommissioned, type ApiVersion, type VersionCalendar } from '../../../spec/lib/index.ts';
import type { Choices } from '../../choices/index.ts';
import type { FaultSet } from '../../faults/catalogue.ts';
import { ApiError } from '../api-error.ts';
import type { Route } from '../route.ts';
import type { Router } from '../router.ts';

/** The route a request matched, with the values of its path template. */
export interface RouteOutcome {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
  readonly version: ApiVersion | undefined;
}

/** What the route stage needs besides the request line. */
export interface RouteStageServices {
  readonly router: Router;
  /** The version calendar with the deployment's overrides. */
  readonly calendar: VersionCalendar;
  readonly faults: FaultSet;
  readonly choices: Choices;
}

/**
 * Stage 2, route: method and path name a route (`404 RESOURCE_UNKNOWN`) of a version still served
 * on `today` (`404 VERSION_DECOMMISSIONED`, seed: Versioning — version N is gone T0 + 3 months after
 * N+1 went live, on the server's clock since decommissioning applies to everyone), with this method
 * (`405 NIMP` with `Allow`).
 */
export function routeStage(
  services: RouteStageServices,
  request: { readonly method: string; readonly path: string; readonly today: string },
): RouteOutcome {
  const { method, path } = request;
  const match = services.router.match(method, path);
  if (match.kind === 'not-found') throw services.choices.of('ERR-UNKNOWN-PATH')(`${method} ${path}`);
  if (
    match.version !== undefined &&
    !services.faults.has('version-not-decommissioned') &&
    isDecommissioned(services.calendar, match.version, request.today)
  ) {
    throw new ApiError('VERSION_DECOMMISSIONED', { detail: `${method} ${path}` });
  }
  if (match.kind === 'method-not-allowed') {
    const allow = services.choices.of('ERR-405-ALLOW')(match.allow);
    throw new ApiError('NIMP', {
      ...(allow === undefined ? {} : { headers: { allow } }),
      detail: `${method} ${path}`,
    });
  }
  return { route: match.route, params: match.params, version: match.version };
}
