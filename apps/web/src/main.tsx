import { createRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './app.css';
import { App } from './App.tsx';
import { applyFullScreen } from './app/platform.ts';
import { installErrorReports } from './app/error-reports.ts';
import { endpoints } from './app/services.ts';
import { dropExpiredDrafts } from './app/drafts.ts';
import { loadValidators } from './validators.ts';

applyFullScreen(window.location.search);
dropExpiredDrafts();
installErrorReports(endpoints.analytics.errorReport);
void loadValidators().then(() => createRoot(document.getElementById('root')!).render(<App />));
