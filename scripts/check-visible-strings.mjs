#!/usr/bin/env node
/**
 * Fails when the client writes a visible string itself instead of taking it from the message
 * catalogues (client/src/i18n/catalogues, issue 29): text between JSX tags, a string literal
 * inside `{}` in JSX, or a string attribute that reads as words (aria-label, title, placeholder,
 * alt, and any prop whose value is a phrase), or a phrase given to a key that is shown (a toast's
 * `title`, a column's `header`, an option's `label`) in any client file. Tests and test helpers are exempt. A line that
 * really must carry a fixed string (a product name, a code sample) says why with an
 * `i18n-exempt` comment on it or the line above.
 *
 * `node scripts/check-visible-strings.mjs` prints each finding as file:line and exits 1 when any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

const root = path.resolve(import.meta.dirname, '..', 'client', 'src');

/** Attributes that never hold words for people: names, styles, routes, ARIA wiring, SVG geometry. */
const NOT_VISIBLE = new Set([
  'className',
  'css',
  'type',
  'variant',
  'id',
  'name',
  'href',
  'to',
  'role',
  'autoComplete',
  'inputMode',
  'method',
  'rel',
  'target',
  'lang',
  'dir',
  'key',
  'size',
  'tone',
  'kind',
  'align',
  'as',
  'htmlFor',
  'accept',
  'pattern',
  'enterKeyHint',
  'aria-live',
  'aria-haspopup',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-current',
  'aria-sort',
  'aria-orientation',
  'aria-autocomplete',
  'side',
  'align',
  'icon',
  'mode',
  'status',
  'layout',
  'fill',
  'stroke',
  'viewBox',
  'd',
  'xmlns',
  'points',
  'transform',
  'strokeLinecap',
  'strokeLinejoin',
  'fontFamily',
  'textAnchor',
  'dominantBaseline',
  'preserveAspectRatio',
  'loading',
  'decoding',
  'fetchPriority',
  'crossOrigin',
  'referrerPolicy',
  'sandbox',
  'allow',
  'src',
  'action',
  'encType',
  'form',
  'list',
  'wrap',
  'spellCheck',
  'autoCapitalize',
  'autoCorrect',
  'orientation',
  'activationMode',
  'position',
  'collisionPadding',
  'search',
  'params',
  'hash',
  'resetScroll',
  'preload',
  'tabIndex',
  'testId',
  'step',
  'min',
  'max',
  'direction',
  'placement',
  'width',
  'height',
  'color',
  'background',
  'display',
  'scale',
]);
/** Attributes whose string is always read by someone (shown, or spoken by a screen reader). */
const ALWAYS_VISIBLE = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** Object keys whose string is shown: toasts, table columns, options, dialogs. */
const SHOWN_PROPERTIES = new Set([
  'title',
  'description',
  'label',
  'header',
  'heading',
  'message',
  'placeholder',
  'text',
  'hint',
  'ariaLabel',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
  'caption',
  'summary',
]);

const hasLetter = (text) => /\p{L}/u.test(text);
/** A phrase: two words, or a capitalised word ("Save"); not an identifier such as "primary". */
const readsAsWords = (text) =>
  hasLetter(text) && (/\p{L}\s+\p{L}/u.test(text.trim()) || /^\p{Lu}\p{Ll}/u.test(text.trim()));

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'catalogues') continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

function* walk(node, parent) {
  if (!node || typeof node.type !== 'string') return;
  yield [node, parent];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra' || key.endsWith('Comments')) continue;
    if (Array.isArray(value)) for (const child of value) yield* walk(child, node);
    else if (value && typeof value.type === 'string') yield* walk(value, node);
  }
}

const attributeName = (attribute) =>
  attribute.name.type === 'JSXNamespacedName'
    ? `${attribute.name.namespace.name}:${attribute.name.name.name}`
    : attribute.name.name;

function findingsIn(file) {
  const source = fs.readFileSync(file, 'utf8');
  const lines = source.split('\n');
  const exempt = (line) => /i18n-exempt/.test(lines[line - 1] ?? '') || /i18n-exempt/.test(lines[line - 2] ?? '');
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const findings = [];
  const report = (node, text) => {
    const line = node.loc.start.line;
    if (!exempt(line)) findings.push(`${path.relative(process.cwd(), file)}:${line}: "${text.trim().slice(0, 60)}"`);
  };
  for (const [node, parent] of walk(ast.program)) {
    if (node.type === 'JSXText' && hasLetter(node.value)) report(node, node.value);
    if (node.type === 'JSXExpressionContainer' && parent?.type !== 'JSXAttribute') {
      const inner = node.expression;
      if (inner.type === 'StringLiteral' && hasLetter(inner.value)) report(inner, inner.value);
      if (inner.type === 'TemplateLiteral' && inner.quasis.some((quasi) => hasLetter(quasi.value.cooked ?? '')))
        report(inner, inner.quasis.map((q) => q.value.cooked).join('…'));
    }
    // `showToast({ title: 'Saved' })`, `{ header: 'Date', … }`: words handed to something that shows them.
    if (node.type === 'ObjectProperty' && node.key.type === 'Identifier' && SHOWN_PROPERTIES.has(node.key.name)) {
      const value = node.value;
      if (value.type === 'StringLiteral' && readsAsWords(value.value)) report(value, value.value);
      if (
        value.type === 'TemplateLiteral' &&
        readsAsWords(value.quasis.map((quasi) => quasi.value.cooked ?? '').join(' '))
      )
        report(value, value.quasis.map((quasi) => quasi.value.cooked).join('…'));
    }
    if (node.type === 'JSXAttribute') {
      const name = attributeName(node);
      if (NOT_VISIBLE.has(name) || name.startsWith('data-') || name.startsWith('on')) continue;
      let value = node.value;
      if (value?.type === 'JSXExpressionContainer') value = value.expression;
      if (value?.type === 'StringLiteral') {
        if (ALWAYS_VISIBLE.has(name) ? hasLetter(value.value) : readsAsWords(value.value)) report(value, value.value);
      } else if (value?.type === 'TemplateLiteral') {
        const text = value.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
        if (ALWAYS_VISIBLE.has(name) ? hasLetter(text) : readsAsWords(text)) report(value, text);
      }
    }
  }
  return findings;
}

const targets = process.argv.slice(2).length ? process.argv.slice(2).map((arg) => path.resolve(arg)) : [root];
const findings = [];
for (const target of targets) {
  const files = fs.statSync(target).isDirectory() ? [...sourceFiles(target)] : [target];
  for (const file of files) findings.push(...findingsIn(file));
}
if (findings.length) {
  console.error(findings.join('\n'));
  console.error(
    `\n${findings.length} visible string(s) written in components: move them to client/src/i18n/catalogues (see docs/i18n.md).`,
  );
  process.exit(1);
}
console.log('visible strings: every component takes its words from the catalogues');
