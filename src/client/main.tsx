/// <reference types="vite/client" />
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './routes';

// Built pages carry their stylesheet inline (scripts/prerender.ts) and the back office imports its
// own; the dev server prerenders nothing, so there the app brings the whole stylesheet.
if (import.meta.env.DEV) void import('./index.css');

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public routes arrive prerendered and are hydrated; the admin shell arrives empty. Hydrating in a
// transition lets React render in short slices and yield to the browser between them, so a long
// page never hydrates in one long task (Total Blocking Time); a click on a part not hydrated yet
// hydrates that part at once and is replayed.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
