import { z } from 'zod';

/** A response that does not fit its schema: a bug of ours, answered 500 by the error handler, never sent. */
export class ResponseMismatchError extends Error {
  private path = '';
  constructor(private readonly what: string) {
    super(`response does not match its schema: ${what}`);
  }
  /** Called by each enclosing object or array on the way out, so the happy path builds no paths. */
  within(step: string): this {
    this.path = step + this.path;
    this.message = `response does not match its schema at ${this.path}: ${this.what}`;
    return this;
  }
}

type Write = (value: unknown) => string;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const mismatch = (what: string): never => {
  throw new ResponseMismatchError(what);
};
/** Rethrows a mismatch from inside `step` with the step in its path. */
const rethrowWithin = (err: unknown, step: string): never => {
  throw err instanceof ResponseMismatchError ? err.within(step) : err;
};
/** Object keys, quoted once. */
const quoted = (key: string) => `${JSON.stringify(key)}:`;

/**
 * What zod's encode then JSON.stringify would send, without building the encoded copy: the schema is walked once
 * into a tree of small writers (objects name their keys up front, a discriminated union picks its option by the
 * discriminator), each checking its value's type as it writes it. So, as before, a field the schema does not name
 * is never sent, a value of the wrong type or a missing field is a 500, and a leaf with checks (a length, a format,
 * a refinement) is parsed by its own schema. Anything this does not know (transforms, pipes, lazy, tuples, ...) is
 * left to zod itself. Tests compare it with zod on every response they make (server/app.ts: `crossCheck`).
 */
function writerOf(schema: z.ZodType): Write {
  const def = defOf(schema);
  const checks = (Array.isArray(def.checks) ? def.checks : []) as z.ZodType[];
  switch (def.type) {
    case 'string':
      // A format (uuid, email, datetime, ...) is a check of its own: parsed like one.
      if (checks.length || def.format) return leafParsedBy(schema);
      return (v) => (typeof v === 'string' ? JSON.stringify(v) : mismatch('not a string'));
    case 'boolean':
      return (v) => (v === true ? 'true' : v === false ? 'false' : mismatch('not a boolean'));
    case 'number': {
      const formats = [def.format, ...checks.map((c) => (defOf(c).check === 'number_format' ? defOf(c).format : 'other'))].filter(Boolean);
      if (formats.every((f) => f === 'safeint')) {
        if (formats.length) return (v) => (Number.isSafeInteger(v) ? String(v) : mismatch('not an integer'));
        return (v) => (typeof v === 'number' && Number.isFinite(v) ? JSON.stringify(v) : mismatch('not a finite number'));
      }
      return leafParsedBy(schema);
    }
    case 'null':
      return (v) => (v === null ? 'null' : mismatch('not null'));
    case 'literal':
    case 'enum': {
      const allowed = new Set<unknown>(def.type === 'literal' ? (def.values as unknown[]) : Object.values(def.entries as object));
      return (v) => (allowed.has(v) ? JSON.stringify(v) : mismatch(`not one of ${[...allowed].map(String).join(', ')}`));
    }
    case 'nullable': {
      const inner = writerOf(def.innerType as z.ZodType);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      // An object leaves an undefined optional field out before it gets here; in an array it is JSON's null.
      const inner = writerOf(def.innerType as z.ZodType);
      return (v) => (v === undefined ? 'null' : inner(v));
    }
    case 'object':
      return def.catchall === undefined ? objectWriter(def.shape as Record<string, z.ZodType>) : byZod(schema);
    case 'array': {
      if (checks.length) return byZod(schema);
      const element = writerOf(def.element as z.ZodType);
      return (v) => {
        if (!Array.isArray(v)) return mismatch('not an array');
        let out = '[';
        let i = 0;
        try {
          for (; i < v.length; i++) out += (i ? ',' : '') + element(v[i]);
        } catch (err) {
          rethrowWithin(err, `[${i}]`);
        }
        return `${out}]`;
      };
    }
    case 'record':
      return recordWriter(def.keyType as z.ZodType, def.valueType as z.ZodType);
    case 'union':
      return typeof def.discriminator === 'string' ? discriminatedWriter(def.discriminator, def.options as z.ZodType[]) : unionWriter(def.options as z.ZodType[]);
    case 'unknown':
    case 'any':
      return (v) => JSON.stringify(v) ?? 'null';
    default:
      return byZod(schema);
  }
}

/** A field JSON leaves out when undefined, as zod lets it be. */
const mayBeLeftOut = (schema: z.ZodType) => ['optional', 'unknown', 'any'].includes(defOf(schema).type);

function objectWriter(shape: Record<string, z.ZodType>): Write {
  const fields = Object.entries(shape).map(([key, schema]) => ({ key, prefix: quoted(key), write: writerOf(schema), skipUndefined: mayBeLeftOut(schema) }));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return mismatch('not an object');
    const value = v as Record<string, unknown>;
    let out = '{';
    let first = true;
    let at = '';
    try {
      for (const { key, prefix, write, skipUndefined } of fields) {
        at = key;
        const field = value[key];
        if (field === undefined) {
          if (skipUndefined) continue;
          return mismatch('missing');
        }
        out += (first ? '' : ',') + prefix + write(field);
        first = false;
      }
    } catch (err) {
      rethrowWithin(err, `.${at}`);
    }
    return `${out}}`;
  };
}

function recordWriter(keyType: z.ZodType, valueType: z.ZodType): Write {
  const keyDef = defOf(keyType);
  const plainKeys = keyDef.type === 'string' && !(Array.isArray(keyDef.checks) && keyDef.checks.length) && !keyDef.format;
  const write = writerOf(valueType);
  const skipUndefined = mayBeLeftOut(valueType);
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return mismatch('not an object');
    let out = '{';
    let first = true;
    let at = '';
    try {
      for (const [key, field] of Object.entries(v)) {
        at = key;
        if (!plainKeys && !keyType.safeParse(key).success) return mismatch('a key the schema does not allow');
        if (field === undefined && skipUndefined) continue;
        out += (first ? '' : ',') + quoted(key) + write(field);
        first = false;
      }
    } catch (err) {
      rethrowWithin(err, `.${at}`);
    }
    return `${out}}`;
  };
}

/** The option whose discriminator value the data carries, as zod picks it. */
function discriminatedWriter(discriminator: string, options: z.ZodType[]): Write {
  const byValue = new Map<unknown, Write>();
  for (const option of options) {
    const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[discriminator];
    if (!values) return unionWriter(options);
    const write = writerOf(option);
    for (const value of values) byValue.set(value, write);
  }
  return (v) => {
    const write = typeof v === 'object' && v !== null ? byValue.get((v as Record<string, unknown>)[discriminator]) : undefined;
    return write ? write(v) : mismatch(`no option of the union has this ${discriminator}`);
  };
}

/** The first option that takes the value, as zod's union does. */
function unionWriter(options: z.ZodType[]): Write {
  const writers = options.map(writerOf);
  return (v) => {
    for (const write of writers) {
      try {
        return write(v);
      } catch (err) {
        if (!(err instanceof ResponseMismatchError)) throw err;
      }
    }
    return mismatch('no option of the union takes it');
  };
}

/** A leaf with checks: its own schema parses it (what it sends is what zod would send). */
function leafParsedBy(schema: z.ZodType): Write {
  return (v) => {
    const result = schema.safeParse(v);
    return result.success ? JSON.stringify(result.data) : mismatch(result.error.issues[0]?.message ?? 'invalid');
  };
}

/** What this walker does not know: zod encodes it, as the serializer did before. */
function byZod(schema: z.ZodType): Write {
  return (v) => {
    const result = z.safeEncode(schema, v);
    return result.success ? (JSON.stringify(result.data) ?? 'null') : mismatch(result.error.issues[0]?.message ?? 'invalid');
  };
}

/**
 * A response schema's serializer, built on its first use (so starting the app compiles nothing it does not answer
 * with). With `crossCheck`, each output is compared with zod's own encode (tests): a difference throws.
 */
export function compileSerializer(schema: z.ZodType, { crossCheck = false } = {}): (data: unknown) => string {
  let write: Write | undefined;
  return (data) => {
    write ??= writerOf(schema);
    const out = write(data);
    if (crossCheck) {
      const expected = z.safeEncode(schema, data);
      const zods = expected.success ? JSON.stringify(expected.data) : `(refused: ${expected.error.issues[0]?.message})`;
      if (zods !== out) throw new Error(`serializer differs from zod:\n  ours ${out}\n  zod  ${zods}`);
    }
    return out;
  };
}
