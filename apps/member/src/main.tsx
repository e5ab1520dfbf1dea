import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import './styles.css';

void i18nReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Installable and opening offline: the worker caches the shell only (public/sw.js).
if ('serviceWorker' in navigator && import.meta.env.PROD)
  void navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
