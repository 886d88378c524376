import { createRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './app.css';
import { App } from './App.tsx';
import { applyFullScreen } from './app/platform.ts';
import { endpoints } from './app/services.ts';
import { dropExpiredDrafts } from './app/drafts.ts';
import { loadValidators } from './validators.ts';

applyFullScreen(window.location.search);
dropExpiredDrafts();
// Error reports (SPEC §7): unhandled errors go to the server with the page and the application.
window.addEventListener('error', (event) => void endpoints.analytics.errorReport({ href: window.location.href, userAgent: navigator.userAgent, message: String(event.message) }).catch(() => undefined));
window.addEventListener('unhandledrejection', (event) => void endpoints.analytics.errorReport({ href: window.location.href, userAgent: navigator.userAgent, message: String(event.reason) }).catch(() => undefined));
void loadValidators().then(() => createRoot(document.getElementById('root')!).render(<App />));
