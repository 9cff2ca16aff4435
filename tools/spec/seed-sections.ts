/**
 * The seed's section paths, so every rule's `section` can be checked against the seed.
 *
 * A path is the `##` then `###` heading texts below the document title, joined with ` > `; a section
 * may also be cited with one of its labelled paragraphs (a line such as `Transaction query parameters
 * (all optional): …`) as a last part. `spec/seed-sections.json` keeps a copy, because CI clones only
 * this repository: `npm run spec:check` compares the copy with the seed when the seed is present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { specPath } from '../../spec/lib/spec-files.ts';

/** One heading path and the labels of its labelled paragraphs. */
export interface SeedSection {
  path: string;
  anchors: string[];
}

/** The seed file name; the seed itself lives beside the repository, in `../shared/seed/`. */
export const seedFileName = '000_e43563a6aef9618c.txt';

/** Where the seed is expected: `STET_SEED` when set, otherwise `../shared/seed/<name>` from the repository. */
export function seedLocation(): string {
  return process.env['STET_SEED'] ?? resolve(specPath('.'), '../../shared/seed', seedFileName);
}

/** The seed's text, or undefined when it is not beside the repository (a clean clone in CI). */
export function readSeed(): string | undefined {
  const location = seedLocation();
  return existsSync(location) ? readFileSync(location, 'utf8') : undefined;
}

// "Label (optional note): text" or "Label:" — a short label without backticks or sentence breaks.
const labelPattern = /^([A-Z][^:`|]*?)(?: \([^)]*\))?:(?:\s|$)/;

/** Extracts every section path (below the `#` title) and its labelled paragraphs from the seed text. */
export function extractSeedSections(text: string): SeedSection[] {
  const sections: SeedSection[] = [];
  let level2: string | undefined;
  let current: SeedSection | undefined;
  for (const line of text.split('\n')) {
    const heading = /^(#{2,3}) (.+?)\s*$/.exec(line);
    if (heading !== null) {
      const title = heading[2] ?? '';
      if (heading[1] === '##') level2 = title;
      const path = heading[1] === '##' || level2 === undefined ? title : `${level2} > ${title}`;
      current = { path, anchors: [] };
      sections.push(current);
      continue;
    }
    const label = labelPattern.exec(line)?.[1];
    if (current !== undefined && label !== undefined && !label.includes('. ') && label.length <= 100) {
      current.anchors.push(label);
    }
  }
  return sections;
}

/** Every citable section string: each path, and each path followed by one of its anchors. */
export function citableSections(sections: readonly SeedSection[]): Set<string> {
  const out = new Set<string>();
  for (const section of sections) {
    out.add(section.path);
    for (const anchor of section.anchors) out.add(`${section.path} > ${anchor}`);
  }
  return out;
}
