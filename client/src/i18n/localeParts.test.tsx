// @vitest-environment jsdom
/**
 * The catalogue arrives in parts (catalogueParts.ts): a word of a part not loaded is a loud mistake
 * in development and tests, never a silent key on screen; a switch of language brings every part
 * loaded so far in the new language; and the server's messages, loaded after the first paint,
 * replace the English text already on screen once they arrive. Each test starts from a page that
 * has loaded nothing (fresh modules: the shared test setup loads every part).
 */
import '../test/domTestSetup.ts';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

let store: typeof import('./localeStore.ts');

beforeEach(async () => {
  vi.resetModules();
  store = await import('./localeStore.ts');
});

describe('catalogue parts', () => {
  it('a word of a part nobody loaded throws, naming the part; once loaded it is there', async () => {
    await store.switchLocale('fr', 'chosen');
    expect(store.useLocaleStore.getState().parts).toEqual(['common', 'app']);
    expect(store.currentTranslator().t('common.save')).toBe('Enregistrer');
    expect(() => store.currentTranslator().t('entry.backToDashboard')).toThrow(/part "entry"/);

    await store.loadParts(['entry']);
    expect(store.currentTranslator().t('entry.backToDashboard')).toBe('Retour au tableau de bord');
  });

  it('a switch of language brings the parts loaded so far, in the new language', async () => {
    await store.switchLocale('en', 'browser');
    await store.loadParts(['entry']);
    await store.switchLocale('ar', 'chosen');
    expect(store.useLocaleStore.getState()).toMatchObject({ locale: 'ar', parts: ['common', 'app', 'entry'] });
    expect(store.currentTranslator().t('entry.backToDashboard')).toBe('العودة إلى لوحة التحكم');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('a part asked for while a switch downloads comes in the language switched to', async () => {
    await store.switchLocale('en', 'browser');
    const switching = store.switchLocale('es', 'chosen');
    const loading = store.loadParts(['entry']);
    await Promise.all([switching, loading]);
    expect(store.useLocaleStore.getState().locale).toBe('es');
    expect(store.currentTranslator().t('entry.backToDashboard')).toBe('Volver al panel');
  });

  it('a server message shown before its words arrive is English, then switches to the reader’s language', async () => {
    const { errorText } = await import('./serverMessages.ts');
    const { useT } = await import('./useT.ts');
    await store.switchLocale('es', 'chosen');
    const failure = new Error('400: {"message":"Form name is required"}');
    function FailedSave() {
      useT();
      return <p>{errorText(failure)}</p>;
    }
    render(<FailedSave />);
    expect(screen.getByText('Form name is required')).toBeTruthy();
    expect(await screen.findByText('El nombre del formulario es obligatorio')).toBeTruthy();
    expect(store.useLocaleStore.getState().parts).toContain('errors');
  });
});
