/**
 * `npm run spec:build`: regenerates what `spec/` derives (OpenAPI documents, TypeScript types, and the
 * copies of the seed's section list and text when the seed is present, the list of choices of
 * docs/verdicts.md, the error codes page docs/errors.md, the types of the harness's own schemas).
 */
import { buildOpenApi } from './build-openapi.ts';
import { buildChoicesDoc } from './choices-doc.ts';
import { buildErrorsDoc } from './errors-doc.ts';
import { buildHarnessTypes } from './build-harness-types.ts';
import { buildTypes } from './build-types.ts';
import { buildSeedSections } from './seed-sections-file.ts';
import { buildSeedText } from './seed-text-file.ts';

await buildOpenApi(false);
await buildTypes(false);
await buildHarnessTypes(false);
const seed = await buildSeedSections(false);
buildSeedText(false);
const choices = buildChoicesDoc(false);
buildErrorsDoc(false);
if (choices !== undefined) process.stderr.write(`spec:build: ${choices}\n`);
process.stdout.write(
  `spec:build: spec/openapi/ and spec/generated/types.ts regenerated${seed === 'absent' ? ' (seed absent: spec/seed-sections.json and spec/seed-text.json kept)' : ', spec/seed-sections.json and spec/seed-text.json refreshed'}\n`,
);
