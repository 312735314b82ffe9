import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#client/app/app.tsx';
import { recordConsent } from '#client/lib/consent.ts';
import './styles.css';

recordConsent(localStorage);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
