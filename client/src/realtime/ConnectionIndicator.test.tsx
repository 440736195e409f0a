// @vitest-environment jsdom
import '../test/domTestSetup.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedOut, stubApi } from '../test/fakeApi.ts';
import { renderApp } from '../test/renderApp.tsx';
import { useConnectionStore } from './connectionStore.ts';

/**
 * The whole app against a real Socket.IO server standing in for ours: the page is moved onto
 * that server's origin, so the tab's one same-origin socket reaches it. The API is the fake fetch.
 */
/** vitest's jsdom environment exposes its JSDOM instance under this name. */
declare const jsdom: { reconfigure(settings: { url: string }): void };

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

const INDICATOR_TEXT = 'Live updates paused — reconnecting…';
/** The indicator waits 2 s before showing; past that, a missing notice is really missing. */
const PAST_INDICATOR_DELAY_MS = 2600;

let io: Server<ClientToServerEvents, ServerToClientEvents>;
let httpServer: http.Server;

beforeAll(async () => {
  httpServer = http.createServer();
  io = new Server(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  jsdom.reconfigure({ url: `http://127.0.0.1:${port}/` });
});

afterAll(async () => {
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Formscribe' });
}

const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('live updates indicator', () => {
  it('stays hidden after Sign Out, although the server ends the socket at logout', async () => {
    let session: ReturnType<typeof buildUser> | null = buildUser();
    stubApi({
      'GET /api/user': () => (session ? { status: 200, body: session } : signedOut),
      'POST /api/logout': async () => {
        // As our server does: the session ends, its sockets are closed, and the answer comes after.
        session = null;
        io.disconnectSockets(true);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const view = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => expect(useConnectionStore.getState().status).toBe('connected'));

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    await pause(PAST_INDICATOR_DELAY_MS);

    expect(screen.queryByText(INDICATOR_TEXT)).toBeNull();
    expect(useConnectionStore.getState().status).toBe('idle');
    view.unmount();
  });

  it('still tells a signed-in user whose connection drops', async () => {
    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser() }) });
    // The server refuses every new connection from now on, as when it is unreachable.
    const refuse = (_socket: unknown, next: (error?: Error) => void) => next(new Error('unavailable'));
    const view = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => expect(useConnectionStore.getState().status).toBe('connected'));

    io.use(refuse);
    io.disconnectSockets(true);

    expect(await screen.findByText(INDICATOR_TEXT, {}, { timeout: 6000 })).toBeTruthy();
    view.unmount();
  });
});
