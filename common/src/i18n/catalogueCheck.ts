/**
 * What the catalogue tests check (client pages and server mail alike): every language has every
 * key of the English catalogue and no other, every message is valid ICU, and each translation
 * takes exactly the English message's arguments, with the same kind (plural, select, number…), so
 * no value is dropped and none is asked for that the code never passes.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { TextCatalogue } from './translator.ts';

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/** `name:kind` for every argument of a message, nested ones too, sorted and without repeats. */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = KIND[element.type];
      if (kind && 'value' in element && typeof element.value === 'string') found.add(`${element.value}:${kind}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return [...found].sort();
}

/** Every way `translated` falls short of `english`, as sentences naming the key; empty when none. */
export function catalogueProblems(english: TextCatalogue, translated: TextCatalogue, language: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    const message = translated[key];
    if (message === undefined) {
      problems.push(`${language} has no message for ${key}`);
      continue;
    }
    if (!message.trim()) problems.push(`${language}'s ${key} is empty`);
    let theirs: string[];
    try {
      theirs = messageArguments(message);
    } catch (error) {
      problems.push(`${language}'s ${key} is not valid ICU: ${(error as Error).message}`);
      continue;
    }
    const ours = messageArguments(english[key] ?? '');
    if (ours.join() !== theirs.join())
      problems.push(
        `${language}'s ${key} takes ${theirs.join(', ') || 'nothing'}, English takes ${ours.join(', ') || 'nothing'}`,
      );
  }
  for (const key of Object.keys(translated))
    if (!(key in english)) problems.push(`${language} has ${key}, which English does not`);
  return problems;
}
