/**
 * `npm run spec:build`: regenerates what `spec/` derives (the version lists of spec/versions.yaml,
 * OpenAPI documents, TypeScript types, and the copies of the seed's section list and text when the
 * seed is present, the list of choices and the seed-quote review of docs/verdicts.md, the error codes
 * page docs/errors.md, the types of the harness's own schemas).
 */
import { buildVersions } from './build-versions.ts';

// The version lists first, and the rest imported after: every other builder reads the API versions
// through spec/lib, which loads spec/generated/api-versions.ts when first imported.
await buildVersions(false);
const { buildOpenApi } = await import('./build-openapi.ts');
const { buildChoicesDoc } = await import('./choices-doc.ts');
const { buildSeedReviewDoc } = await import('./seed-review-doc.ts');
const { buildErrorsDoc } = await import('./errors-doc.ts');
const { buildHarnessTypes } = await import('./build-harness-types.ts');
const { buildTypes } = await import('./build-types.ts');
const { buildSeedSections } = await import('./seed-sections-file.ts');
const { buildSeedText } = await import('./seed-text-file.ts');

await buildOpenApi(false);
await buildTypes(false);
await buildHarnessTypes(false);
const seed = await buildSeedSections(false);
buildSeedText(false);
const choices = buildChoicesDoc(false);
buildErrorsDoc(false);
if (choices !== undefined) process.stderr.write(`spec:build: ${choices}\n`);
for (const problem of buildSeedReviewDoc(false)) process.stderr.write(`spec:build: ${problem}\n`);
process.stdout.write(
  `spec:build: the version lists, spec/openapi/ and spec/generated/types.ts regenerated${seed === 'absent' ? ' (seed absent: spec/seed-sections.json and spec/seed-text.json kept)' : ', spec/seed-sections.json and spec/seed-text.json refreshed'}\n`,
);
