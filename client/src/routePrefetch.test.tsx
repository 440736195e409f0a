// @vitest-environment jsdom
import './test/domTestSetup.ts';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { entryForm, entryImage, FORM_ID, nextImageResponse, stubEntryApi, textField } from './test/entryTestApi.ts';
import { buildUser, type FakeRequest, signedOut, stubApi } from './test/fakeApi.ts';
import { renderApp } from './test/renderApp.tsx';

configure({ asyncUtilTimeout: 4000 });

const asked = (requests: FakeRequest[], path: string) => requests.filter((request) => request.path === path).length;
const imagePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('the entry page starts its reads with its code', () => {
  it('asks for the next image once, preloads its display-size copy and shows that', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    const image = entryImage(21);
    const { requests } = stubEntryApi(form, [image], {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({ status: 200, body: nextImageResponse(form, image) }),
    });
    renderApp(`/forms/${FORM_ID}/entry`);

    const shown = await screen.findByRole('img', { name: 'Form image page-21.jpg' });
    // The test window is 1024 px wide at one device pixel each: the 1600 px copy covers it.
    const displayCopy = `${image.publicUrl.replace('/api/image-proxy/', '/api/display-proxy/')}?w=1600`;
    expect(imagePreloads()).toEqual([displayCopy]);
    // What was preloaded is what the page shows, so the download is not made twice.
    expect(shown.getAttribute('src')).toBe(displayCopy);
    // The page used the answer the route asked for: one lease, not two.
    expect(asked(requests, `/api/forms/${FORM_ID}/next-image`)).toBe(1);
    expect(asked(requests, `/api/forms/${FORM_ID}/entry`)).toBe(1);
  });

  it('asks nothing but who is signed in for a signed-out visitor, who is sent to sign in', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => signedOut });
    const { router } = renderApp(`/forms/${FORM_ID}/entry`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(requests.map((request) => request.path).filter((path) => path !== '/api/user')).toEqual([]);
    expect(imagePreloads()).toEqual([]);
  });
});

describe('the home page', () => {
  it("reads a signed-in user's forms once, for the dashboard", async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: true }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeTruthy();
    expect(asked(requests, '/api/forms')).toBe(1);
  });

  it('reads no forms for a visitor, who sees the landing page', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => signedOut });
    renderApp('/');

    expect(await screen.findByRole('link', { name: /get started/i })).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/api/user']);
  });
});
