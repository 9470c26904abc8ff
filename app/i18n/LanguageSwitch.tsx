import { useId } from 'react';
import { isSignedIn } from '../session.ts';
import { saveAccountLanguage } from '../api/client.ts';
import { activateLanguage, isLanguage, LANGUAGES, LOCALES, type Language } from './language.ts';
import { useI18n, useT } from './useT.ts';
import 'virtual:messages/en/shell';
import './languageSwitch.css';

/** Each language's name in itself, as a language switch shows it (never translated). */
const NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/**
 * The language chosen in a real <select> named "Language" ("Langue"), its options "English" and "Français".
 * Switching redraws the app's texts and `<html lang>` at once, is remembered on this device, and, signed in, saved on
 * the account (applied at its next login anywhere). A failed save changes nothing shown: the device remembers it.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const id = useId();
  const current = useI18n().locale;
  const choose = async (language: Language) => {
    if (language === current) return;
    await activateLanguage(language);
    if (isSignedIn()) await saveAccountLanguage(language).catch(() => undefined);
  };
  return (
    <div className={`language-switch ${className}`.trim()}>
      <label className="sr-only" htmlFor={id}>
        {t('shell.language')}
      </label>
      <select
        id={id}
        className="language-select"
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={LOCALES[language]}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
