/**
 * Writes docs/product/memories-export.schema.json, the export's JSON Schema, from its zod schema
 * (core/contracts/memories-export.ts): `node --import tsx scripts/memories-export-schema.ts`. A test fails while the
 * file differs.
 */
import { writeFileSync } from 'node:fs';
import { exportJsonSchema } from '../core/contracts/memories-export-json-schema';

writeFileSync(new URL('../docs/product/memories-export.schema.json', import.meta.url), exportJsonSchema());
