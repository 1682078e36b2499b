import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { forgetStaleScroll, navigationType } from './app/fresh-scroll';
import './styles.css';

forgetStaleScroll(sessionStorage, navigationType());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
