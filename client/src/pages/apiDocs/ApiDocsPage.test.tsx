// @vitest-environment jsdom
/**
 * The API reference in French: the page's own words (headings, table headers, access badges) are
 * French, while what the OpenAPI document says stays in English, like the API itself.
 */
import '../../test/domTestSetup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../i18n/localeStore.ts';
import { signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Formscribe API', version: '1', description: 'Read your forms.' },
  paths: {
    '/api/v1/forms/{id}': {
      get: {
        summary: 'Get a form',
        description: 'One form you own.',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, description: 'The form id' },
          { name: 'fields', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The form' },
          '401': { description: 'No valid token' },
          '404': { description: 'No such form' },
        },
      },
    },
  },
};

describe('the API reference page', () => {
  it('speaks French around the English document', async () => {
    await switchLocale('fr', 'chosen');
    stubApi({
      'GET /api/user': () => signedOut,
      'GET /api/v1/openapi.json': () => ({ status: 200, body: DOCUMENT }),
    });
    renderApp('/api-docs');

    expect(await screen.findByRole('heading', { name: 'Formscribe API v1' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sur cette page' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Codes d’état' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy();

    const operation = screen.getByRole('region', { name: 'GET /api/v1/forms/{id}' });
    expect(within(operation).getByText('Get a form')).toBeTruthy();
    expect(within(operation).getByText('Jeton de lecture')).toBeTruthy();
    const table = within(operation).getByRole('table', { name: 'Paramètres' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Paramètre', 'Emplacement', 'Type', 'Description']);
    expect(within(table).getByText('fields (facultatif)')).toBeTruthy();
    expect(within(operation).getByText('Erreurs : 401, 404 (voir Codes d’état)')).toBeTruthy();
  });
});
