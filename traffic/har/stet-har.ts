import { isApiVersion, type ApiVersion } from '../../spec/lib/index.ts';
import { TrafficError } from '../traffic-error.ts';
import type { Har } from './har.ts';
import { readHarFile } from './har-file.ts';

const versionedPath = /^\/stet\/psd2\/(v[\d.]+)\//;

/** The API version of a path under `/stet/psd2/<version>/`, or undefined (OAuth, journeys, other APIs). */
export function pathVersion(pathname: string): ApiVersion | undefined {
  const version = versionedPath.exec(pathname)?.[1];
  return version !== undefined && isApiVersion(version) ? version : undefined;
}

/**
 * The versions of the STET PSD2 exchanges of a HAR, in file order. Throws `ERR_HAR_NOT_STET` when there
 * is none (an empty HAR, or one of another API): `check`, `diff` and `har2k6` have nothing to work on.
 */
export function assertStetHar(har: Har): ApiVersion[] {
  const versions = har.log.entries
    .map((entry) => pathVersion(new URL(entry.request.url).pathname))
    .filter((v): v is ApiVersion => v !== undefined);
  if (versions.length === 0)
    throw new TrafficError(
      'ERR_HAR_NOT_STET',
      har.log.entries.length === 0
        ? 'the HAR holds no exchange at all'
        : 'the HAR holds no exchange of the STET PSD2 API (no path under /stet/psd2/<version>/)',
      {
        hint: 'record the traffic of an institution host (stet-harness record), or export it from the browser devtools of a TPP application',
      },
    );
  return versions;
}

/** Reads a HAR file that must hold STET PSD2 traffic: `ERR_HAR_UNREADABLE`, `ERR_HAR_INVALID`, `ERR_HAR_NOT_STET`. */
export async function readStetHarFile(path: string): Promise<Har> {
  const har = await readHarFile(path);
  assertStetHar(har);
  return har;
}
