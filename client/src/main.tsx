import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { mirrorCurrentUserIntoAuthStore } from './api/currentUser.ts';
import { createAppQueryClient } from './api/queryClient.ts';
import { createAppRouter } from './router.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

const queryClient = createAppQueryClient();
mirrorCurrentUserIntoAuthStore(queryClient);
const router = createAppRouter(queryClient);

createRoot(rootElement).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
