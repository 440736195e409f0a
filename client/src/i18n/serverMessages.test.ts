// @vitest-environment jsdom
/**
 * The server's and common's English messages reach the reader in their language: every fixed
 * message is found in the errors catalogue, messages built from values are matched by their
 * pattern and keep those values, and anything unknown is shown as it came.
 */
import '../test/domTestSetup.ts';
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CONTEXT_ERROR_MESSAGES, ERROR_MESSAGES } from '@formscribe/common/errorMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { outboundHttpStatus, outboundTimedOut } from '@formscribe/common/outboundFetchMessages';
import { describe, expect, it } from 'vitest';
import { switchLocale } from './localeStore.ts';
import { errorText, matchServerMessage, translateServerMessage } from './serverMessages.ts';

const FIXED_MESSAGES = [
  ...Object.values(MESSAGES),
  ...Object.values(ERROR_MESSAGES),
  ...Object.values(CONTEXT_ERROR_MESSAGES),
];

describe('translateServerMessage', () => {
  it('knows every message of MESSAGES, ERROR_MESSAGES and CONTEXT_ERROR_MESSAGES, and says each in French', async () => {
    expect(FIXED_MESSAGES.filter((message) => matchServerMessage(message) === null)).toEqual([]);
    // In English the text comes back as it was, escapes (`<token>`) included.
    expect(FIXED_MESSAGES.filter((message) => translateServerMessage(message) !== message)).toEqual([]);

    await switchLocale('fr', 'chosen');
    expect(FIXED_MESSAGES.filter((message) => translateServerMessage(message) === message)).toEqual([]);
    expect(translateServerMessage(MESSAGES.invalidCredentials)).toBe('E-mail ou mot de passe incorrect');
    expect(translateServerMessage(MESSAGES.apiTokenMissing)).toContain('Authorization: Bearer <token>.');
  });

  it('reads the values out of a message built from them and puts them in the French sentence', async () => {
    await switchLocale('fr', 'chosen');
    expect(translateServerMessage(CATALOGUE_MESSAGES.cellTooLong(12))).toBe(
      `La ligne 12 du catalogue a une cellule de plus de ${CATALOGUE_LIMITS.maxCellLength} caractères`,
    );
    expect(translateServerMessage(CATALOGUE_MESSAGES.repeatedRow(9, 4))).toBe(
      'La ligne 9 du catalogue désigne le même fichier et la même page que la ligne 4',
    );
    expect(translateServerMessage(CATALOGUE_MESSAGES.repeatedColumn('page'))).toBe(
      'Le catalogue nomme deux fois la colonne « page »',
    );
    expect(translateServerMessage(outboundHttpStatus(404))).toBe('Le serveur a répondu HTTP 404');
    expect(translateServerMessage(outboundTimedOut(30_000))).toBe('Aucune réponse complète en 30 s');
  });

  it('prefers the pattern with the most fixed words when two could match', () => {
    expect(matchServerMessage('Surname must be at least 3 characters')).toEqual({
      key: 'errors.ruleMinLength',
      values: { label: 'Surname', min: '3' },
    });
    expect(matchServerMessage('Age must be at least 18')).toEqual({
      key: 'errors.ruleAtLeast',
      values: { label: 'Age', min: '18' },
    });
    // A fixed message wins over a pattern it also fits ('{label} is required').
    expect(matchServerMessage(MESSAGES.emailRequired)?.key).toBe('errors.emailRequired');
  });

  it('passes an unknown message through unchanged', async () => {
    await switchLocale('ar', 'chosen');
    expect(translateServerMessage('Something only this server says')).toBe('Something only this server says');
    expect(translateServerMessage(MESSAGES.formNotFound)).toBe('النموذج غير موجود');
  });
});

describe('errorText', () => {
  it('normalises a failed call as the spec says, then translates it', async () => {
    await switchLocale('es', 'chosen');
    expect(errorText(new TypeError('Failed to fetch'))).toBe(
      'Error de red. Comprueba tu conexión e inténtalo de nuevo.',
    );
    expect(errorText(new Error('400: {"message":"Form name is required"}'))).toBe(
      'El nombre del formulario es obligatorio',
    );
  });
});
