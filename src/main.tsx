import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_SCREENS, App } from './App';
import { preloadScreen } from './routing/preload';
import { isSignedIn } from './providers/session';

if (isSignedIn()) preloadScreen(window.location.pathname, APP_SCREENS);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
