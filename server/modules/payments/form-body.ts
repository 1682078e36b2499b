/**
 * Stripe's request encoding, as its SDK sends it and the local provider reads it: form fields whose names nest with
 * brackets (`line_items[0][price_data][currency]=usd`), indices making arrays. Anything a real client never sends
 * (empty or repeated names, prototype keys, deep nesting, hundreds of fields) is refused rather than guessed at.
 */
export class FormError extends Error {}

const MAX_FIELDS = 200;
const MAX_DEPTH = 6;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const FIELD_NAME = /^([^[\]]+)((?:\[[^[\]]+\])*)$/;

type Node = { [key: string]: Node | string };

function pathOf(name: string): string[] {
  const match = FIELD_NAME.exec(name);
  if (!match) throw new FormError(`Invalid parameter name: ${name.slice(0, 100)}`);
  const path = [match[1], ...Array.from(match[2].matchAll(/\[([^[\]]+)\]/g), (m) => m[1])];
  if (path.length > MAX_DEPTH) throw new FormError(`Parameter nested too deeply: ${name.slice(0, 100)}`);
  if (path.some((key) => FORBIDDEN_KEYS.has(key))) throw new FormError(`Invalid parameter name: ${name.slice(0, 100)}`);
  return path;
}

/** An object whose keys are all indices becomes an array, in index order. */
function withArrays(node: Node | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length && keys.every((k) => /^\d{1,6}$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => withArrays(node[k]));
  return Object.fromEntries(keys.map((k) => [k, withArrays(node[k])]));
}

export function decodeForm(text: string): Record<string, unknown> {
  const root: Node = Object.create(null);
  let fields = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++fields > MAX_FIELDS) throw new FormError('Too many parameters');
    const path = pathOf(name);
    let node = root;
    for (const key of path.slice(0, -1)) {
      const next = node[key] ?? (node[key] = Object.create(null) as Node);
      if (typeof next === 'string') throw new FormError(`Parameter given twice: ${name.slice(0, 100)}`);
      node = next;
    }
    const last = path[path.length - 1];
    if (last in node) throw new FormError(`Parameter given twice: ${name.slice(0, 100)}`);
    node[last] = value;
  }
  return withArrays(root) as Record<string, unknown>;
}
