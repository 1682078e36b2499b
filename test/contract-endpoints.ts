import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Endpoint } from '@core/contracts/endpoint';

const CONTRACTS = path.resolve(import.meta.dirname, '../core/contracts');

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value && 'response' in value;

/**
 * Every endpoint that core/contracts/*.ts exports, once each: top-level definitions and those grouped in a record
 * (`authEndpoints`, `moveSession`). Read from the folder, so a new contract file is walked without an edit here.
 */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const found = new Map<string, Endpoint>();
  const files = readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(CONTRACTS, file));
    for (const value of Object.values(module)) {
      const candidates = isEndpoint(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value).filter(isEndpoint) : [];
      for (const endpoint of candidates) found.set(`${endpoint.method} ${endpoint.path}`, endpoint);
    }
  }
  return [...found.values()];
}
