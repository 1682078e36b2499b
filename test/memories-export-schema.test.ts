import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportJsonSchema } from '../core/contracts/memories-export-json-schema';

describe('the memories export’s documented schema', () => {
  it('is the export’s zod schema as JSON Schema (write it with scripts/memories-export-schema.ts)', () => {
    expect(readFileSync(new URL('../docs/product/memories-export.schema.json', import.meta.url), 'utf8')).toBe(exportJsonSchema());
  });
});
