/**
 * A statement written for knex's `raw()` (`:name` or `?` bindings) as PostgreSQL takes it (`$1`),
 * worked out once per text instead of by knex's regexes on every run. The text is byte for byte
 * what knex sends for the same statement (its raw formatter, then the pg dialect's positions):
 * a statement planned once under a name (db/plannedOnce.ts) may be prepared on a connection by
 * either path, and pg refuses one name for two texts.
 */
import type { Knex } from 'knex';
import type { Bindings } from './sqlRunner.ts';

interface Positional {
  text: string;
  /** For each `$n`, the binding's name or index. */
  order: ReadonlyArray<string | number>;
}

/** knex's named binding (rawFormatter.js): `:name`, `:name:` (an identifier), or escaped with `\`. */
const NAMED = /\\?(:(\w+):(?=::)|:(\w+):(?!:)|:(\w+))/g;
/** knex's positional binding: `?`, `??` (an identifier), or escaped `\?`. */
const QUESTION = /\\?\?\??/g;

/**
 * By text, then by binding names (or count): two lookups, so a long text is never joined with its
 * names into a new string to be hashed on every run.
 */
const compiled = new Map<string, Map<string | number, Positional>>();

/** `$n` in place of each `?`, as knex's pg dialect numbers them (an odd run of backslashes escapes one). */
function numbered(text: string): string {
  let count = 0;
  // As knex writes it, the backslashes go either way.
  return text.replace(/(\\*)(\?)/g, (_match, escapes: string) => (escapes.length % 2 ? '?' : `$${++count}`));
}

function compileNamed(text: string, keys: ReadonlySet<string>): Positional {
  const order: string[] = [];
  const questions = text.replace(
    NAMED,
    (match, whole: string, asIdentifier?: string, identifier?: string, name?: string) => {
      if (match !== whole) return whole; // escaped
      const key = asIdentifier ?? identifier ?? name ?? '';
      if (!keys.has(key)) return match;
      if (asIdentifier ?? identifier) throw new Error(`identifier binding :${key}: is not supported here`);
      order.push(key);
      return '?';
    },
  );
  return { text: numbered(questions), order };
}

function compilePositional(text: string, count: number): Positional {
  const order: number[] = [];
  const questions = text.replace(QUESTION, (match) => {
    if (match === '\\?') return match;
    if (match === '??') throw new Error('identifier binding ?? is not supported here');
    order.push(order.length);
    return '?';
  });
  if (order.length !== count) throw new Error(`Expected ${count} bindings, saw ${order.length}`);
  return { text: numbered(questions), order };
}

function cached(text: string, shape: string | number, compile: () => Positional): Positional {
  let shapes = compiled.get(text);
  if (shapes === undefined) {
    shapes = new Map();
    compiled.set(text, shapes);
  }
  let statement = shapes.get(shape);
  if (statement === undefined) {
    statement = compile();
    shapes.set(shape, statement);
  }
  return statement;
}

function definedBinding(value: unknown, key: string | number, text: string): unknown {
  if (value === undefined) throw new Error(`Undefined binding ${String(key)} in: ${text.slice(0, 80)}`);
  return value;
}

/** The statement's `$n` text and its values in order; undefined bindings are refused, as knex refuses them. */
export function positionalStatement(text: string, bindings: Bindings): { text: string; values: unknown[] } {
  if (isList(bindings)) {
    const statement = cached(text, bindings.length, () => compilePositional(text, bindings.length));
    return { text: statement.text, values: bindings.map((value, index) => definedBinding(value, index, text)) };
  }
  const keys = Object.keys(bindings);
  const statement = cached(text, keys.join(','), () => compileNamed(text, new Set(keys)));
  const values = statement.order.map((key) =>
    definedBinding(typeof key === 'string' ? bindings[key] : undefined, key, text),
  );
  return { text: statement.text, values };
}

function isList(bindings: Bindings): bindings is readonly Knex.Value[] {
  return Array.isArray(bindings);
}
