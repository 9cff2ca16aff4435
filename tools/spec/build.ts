/**
 * `npm run spec:build`: regenerates what `spec/` derives (OpenAPI documents, TypeScript types, and the
 * copy of the seed's section list when the seed is present).
 */
import { buildOpenApi } from './build-openapi.ts';
import { buildTypes } from './build-types.ts';
import { buildSeedSections } from './seed-sections-file.ts';

await buildOpenApi(false);
await buildTypes(false);
const seed = await buildSeedSections(false);
process.stdout.write(
  `spec:build: spec/openapi/ and spec/generated/types.ts regenerated${seed === 'absent' ? ' (seed absent: spec/seed-sections.json kept)' : ', spec/seed-sections.json refreshed'}\n`,
);
