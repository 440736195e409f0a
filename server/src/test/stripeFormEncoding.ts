/**
 * Reads what stripe-node sends: `application/x-www-form-urlencoded` bodies and query strings whose
 * keys carry brackets (`items[0][price]=price_1`, `expand[0]=latest_invoice`). The stand-in turns
 * them back into the nested object the app passed to the library, so tests can assert on it.
 */

export type StripeParam = string | StripeParams | StripeParam[];
export interface StripeParams {
  [key: string]: StripeParam;
}

/** `items[0][price]` → ['items', '0', 'price']. */
function keyPath(key: string): string[] {
  const [head = '', ...rest] = key.split('[');
  return [head, ...rest.map((part) => part.replace(/]$/, ''))];
}

function setPath(target: StripeParams, path: string[], value: string): void {
  let node: StripeParams = target;
  for (const [index, part] of path.entries()) {
    if (index === path.length - 1) {
      node[part] = value;
      return;
    }
    const existing = node[part];
    if (typeof existing === 'object' && !Array.isArray(existing)) node = existing;
    else {
      const child: StripeParams = {};
      node[part] = child;
      node = child;
    }
  }
}

/** Objects whose keys are all 0..n-1 were arrays in the app's call. */
function restoreArrays(value: StripeParam): StripeParam {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, restoreArrays(value[key] ?? '')] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Parses a form-encoded body or query string into nested params. */
export function parseStripeParams(encoded: string): StripeParams {
  const params: StripeParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) setPath(params, keyPath(key), value);
  const restored = restoreArrays(params);
  return typeof restored === 'object' && !Array.isArray(restored) ? restored : {};
}

/** A param as a string, or undefined when absent or nested. */
export function stringParam(params: StripeParams, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

/** A nested param object, or an empty one. */
export function objectParam(params: StripeParams | undefined, key: string): StripeParams {
  const value = params?.[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** A list param (items, expand, lookup_keys); a single value counts as a list of one. */
export function listParam(params: StripeParams, key: string): StripeParam[] {
  const value = params[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
