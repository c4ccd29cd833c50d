// Entry of the admin SPA: styles, the chunk-reload guard for preload failures, and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { shouldReloadForChunk } from './lib/chunk-reload';
import { startBuildPoll } from './lib/build-poll';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/screens.css';
import './styles/members.css';
import './styles/newsletters.css';
import './styles/reports.css';
import './styles/media-library.css';
import './styles/import.css';

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  if (shouldReloadForChunk(window.sessionStorage, window.location.pathname, Date.now())) window.location.reload();
});

if (typeof __ADMIN_VERSION__ === 'string') startBuildPoll({ current: __ADMIN_VERSION__ });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from admin/index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
