/**
 * `npm run spec:build`: regenerates the OpenAPI documents and the TypeScript types of `spec/`.
 */
import { buildOpenApi } from './build-openapi.ts';

await buildOpenApi(false);
process.stdout.write('spec:build: spec/openapi/ regenerated\n');
