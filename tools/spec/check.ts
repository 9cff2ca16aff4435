/**
 * `npm run spec:check`: proves `spec/` is consistent. Fails (exit 1) listing every problem found:
 * generated files out of date, invalid OpenAPI, a schema ajv strict mode refuses, an example that does
 * not validate, a rule citing a section the seed does not have, an error code not in the catalogue.
 */
import { buildOpenApi } from './build-openapi.ts';
import { buildTypes } from './build-types.ts';
import { checkClientRules } from './client-rules-check.ts';
import { buildSeedSections, committedSeedSections } from './seed-sections-file.ts';
import { extractSeedSections, readSeed, seedLocation } from './seed-sections.ts';
import {
  checkErrorCodesCatalogued,
  checkOpenApiValid,
  checkRules,
  checkSchemasAndExamples,
} from './spec-checks.ts';

const problems: string[] = [];
const stale = [...(await buildOpenApi(true)), ...(await buildTypes(true))];
for (const file of stale) problems.push(`spec/${file} is out of date: run npm run spec:build`);

const seedState = await buildSeedSections(true);
if (seedState === 'stale')
  problems.push('spec/seed-sections.json differs from the seed: run npm run spec:build');
const seed = readSeed();
// With the seed present, rules are checked against it directly; on a clean clone, against the copy.
const sections = seed === undefined ? committedSeedSections() : extractSeedSections(seed);

problems.push(...(await checkOpenApiValid()));
problems.push(...checkSchemasAndExamples());
problems.push(...checkRules(sections));
problems.push(...checkClientRules(sections, seed));
problems.push(...checkErrorCodesCatalogued());

if (problems.length > 0) {
  process.stderr.write(
    `spec:check: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join('\n')}\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write(
    `spec:check: spec/ is consistent (seed sections from ${seed === undefined ? 'spec/seed-sections.json; seed absent at ' + seedLocation() : seedLocation()})\n`,
  );
}
