import { matchOperation, type ApiVersion } from '../spec/lib/index.ts';

/**
 * The endpoint a request counts under in the KPIs and thresholds: `METHOD /path-template` without
 * `/stet/psd2/<version>` (`GET /accounts/{accountResourceId}/transactions`, `POST /oauth/token`), from
 * the OpenAPI document of the version; the path without its query when the document does not know it.
 */
export function endpointLabel(version: ApiVersion, method: string, path: string): string {
  const bare = path.split('?')[0] ?? path;
  const template = matchOperation(version, method, bare)?.pathTemplate ?? bare;
  return `${method.toUpperCase()} ${template.replace(/^\/stet\/psd2(\/v[0-9.]+)?(?=\/)/, '')}`;
}
