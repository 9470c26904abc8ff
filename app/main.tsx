import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './App.tsx';
import { activateLanguage, i18n, initialLanguage } from './i18n/language.ts';
import './theme.css';

const root = createRoot(document.getElementById('root')!);
const language = initialLanguage();
// English is already active (it ships with the entry); French first loads its own chunk.
const ready = language === 'en' ? Promise.resolve() : activateLanguage(language);
void ready.then(() =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  ),
);
