import { openApiDocument, type ApiVersion } from '../../spec/lib/index.ts';
import { endpointLabel } from '../endpoint-label.ts';

const methods = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * `[METHOD, path regex, label]` of every operation of the versions' OpenAPI documents, so a k6 script
 * tags each request with the same endpoint label as `stet-harness load` (`GET /accounts/{accountResourceId}/balances`).
 */
export function k6Endpoints(versions: readonly ApiVersion[]): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  for (const version of new Set(versions)) {
    const paths = openApiDocument(version)['paths'];
    if (typeof paths !== 'object' || paths === null) continue;
    for (const [template, item] of Object.entries(paths)) {
      if (typeof item !== 'object' || item === null) continue;
      for (const method of methods) {
        if (!(method in item)) continue;
        const pattern = `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}$`;
        out.push([method.toUpperCase(), pattern, endpointLabel(version, method, template)]);
      }
    }
  }
  return out;
}

/** The form of an endpoint label k6 accepts in a threshold's tag filter (no braces): `:name`. */
export function k6TagValue(label: string): string {
  return label.replace(/\{([^}]+)\}/g, ':$1');
}
