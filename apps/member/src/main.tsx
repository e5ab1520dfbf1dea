import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './App';
import './styles.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Installable and opening offline: the worker caches the shell only (public/sw.js).
if ('serviceWorker' in navigator && import.meta.env.PROD)
  void navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
