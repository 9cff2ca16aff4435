/**
 * `npm run spec:check`: proves `spec/` is consistent. Fails (exit 1) listing every problem found:
 * generated files out of date (documents, types, the version lists of spec/versions.yaml), invalid
 * OpenAPI, a schema ajv strict mode refuses, an example that does not validate, a rule citing a
 * section the seed does not have or quoting words it does not contain, an error code not in the
 * catalogue.
 */
import { buildOpenApi } from './build-openapi.ts';
import { buildTypes } from './build-types.ts';
import { buildVersions } from './build-versions.ts';
import { buildChoicesDoc } from './choices-doc.ts';
import { buildSeedReviewDoc } from './seed-review-doc.ts';
import { buildErrorsDoc } from './errors-doc.ts';
import { buildHarnessTypes } from './build-harness-types.ts';
import { checkClientRules } from './client-rules-check.ts';
import { buildSeedSections, committedSeedSections } from './seed-sections-file.ts';
import { extractSeedSections, readSeed, seedLocation } from './seed-sections.ts';
import { buildSeedText, committedSeedText, normaliseSeedText } from './seed-text-file.ts';
import {
  checkErrorCodesCatalogued,
  checkOpenApiValid,
  checkRules,
  checkSchemasAndExamples,
} from './spec-checks.ts';

const problems: string[] = [];
const stale = [...(await buildOpenApi(true)), ...(await buildTypes(true))];
for (const file of stale) problems.push(`spec/${file} is out of date: run npm run spec:build`);
for (const file of await buildVersions(true))
  problems.push(`${file} does not list the versions of spec/versions.yaml: run npm run spec:build`);
for (const file of await buildHarnessTypes(true))
  problems.push(`${file} differs from its schema: run npm run spec:build`);

const seedState = await buildSeedSections(true);
if (seedState === 'stale')
  problems.push('spec/seed-sections.json differs from the seed: run npm run spec:build');
const choices = buildChoicesDoc(true);
if (choices !== undefined) problems.push(choices);
problems.push(...buildSeedReviewDoc(true));
const errorsPage = buildErrorsDoc(true);
if (errorsPage !== undefined) problems.push(errorsPage);
if (buildSeedText(true) === 'stale')
  problems.push('spec/seed-text.json differs from the seed: run npm run spec:build');
const seed = readSeed();
// With the seed present, rules are checked against it directly; on a clean clone, against the copy.
const sections = seed === undefined ? committedSeedSections() : extractSeedSections(seed);
const seedText = seed === undefined ? committedSeedText() : normaliseSeedText(seed);

problems.push(...(await checkOpenApiValid()));
problems.push(...checkSchemasAndExamples());
problems.push(...checkRules(sections, seedText));
problems.push(...checkClientRules(sections, seedText));
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
