/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './routes';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public routes arrive prerendered and are hydrated; the admin shell arrives empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
