import { createRoot } from 'react-dom/client';
import '@kh/ui/styles.css';
import './console.css';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
