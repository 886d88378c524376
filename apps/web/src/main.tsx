import { createRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './app.css';
import { App } from './App.tsx';
import { applyFullScreen } from './app/platform.ts';
import { installErrorReports } from './app/error-reports.ts';
import { endpoints } from './app/services.ts';
import { dropExpiredDrafts } from './app/drafts.ts';

applyFullScreen(window.location.search);
dropExpiredDrafts();
installErrorReports(endpoints.analytics.errorReport);
createRoot(document.getElementById('root')!).render(<App />);
