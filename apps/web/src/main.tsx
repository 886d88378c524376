import { createRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './app.css';
import { App } from './App.tsx';
import { applyFullScreen, initialLanguage } from './app/platform.ts';
import { loadLanguage } from '@kh/i18n';
import { installErrorReports } from './app/error-reports.ts';
import { endpoints, loginCache } from './app/services.ts';
import { dropExpiredDrafts } from './app/drafts.ts';
import { installBridgeDouble } from '@kh/api';

// Development only: ?khBridge=<app version> plays the app's side of the bridge and logs each call,
// so the in-app behaviour can be tried in a desktop browser (docs/kh-bridge.md).
const bridgeDoubleVersion = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('khBridge') : null;
if (bridgeDoubleVersion) installBridgeDouble(window, { appVersion: bridgeDoubleVersion, onCall: (call) => console.info('KhBridge', call) });

applyFullScreen(window.location.search);
dropExpiredDrafts();
installErrorReports(endpoints.analytics.errorReport);
// The first page needs the applicant's language and whether they are logged in: both are asked for
// now, together, rather than one after the other as the components that use them mount.
void loadLanguage(initialLanguage()).catch(() => undefined);
void loginCache.isLoggedIn().catch(() => undefined);
createRoot(document.getElementById('root')!).render(<App />);
