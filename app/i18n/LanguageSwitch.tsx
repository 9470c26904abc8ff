import { isSignedIn } from '../session.ts';
import { saveAccountLanguage } from '../api/client.ts';
import { activateLanguage, LANGUAGES, LOCALES, type Language } from './language.ts';
import { useI18n, useT } from './useT.ts';
import 'virtual:messages/en/shell';
import './languageSwitch.css';

/** Each language's name in itself, as a language switch shows it (never translated). */
const NAMES: Record<Language, { short: string; long: string }> = {
  en: { short: 'EN', long: 'English' },
  fr: { short: 'FR', long: 'Français' },
};

/**
 * English | Français: two buttons, the shown one pressed. Switching redraws the app's texts and `<html lang>` at
 * once, is remembered on this device, and, signed in, saved on the account (applied at its next login anywhere).
 * A failed save changes nothing shown: the device remembers it anyway.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const current = useI18n().locale;
  const choose = async (language: Language) => {
    if (language === current) return;
    await activateLanguage(language);
    if (isSignedIn()) await saveAccountLanguage(language).catch(() => undefined);
  };
  return (
    <div role="group" aria-label={t('shell.language')} className={`language-switch ${className}`.trim()}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-option"
          lang={LOCALES[language]}
          aria-label={NAMES[language].long}
          aria-pressed={language === current}
          onClick={() => void choose(language)}
        >
          {NAMES[language].short}
        </button>
      ))}
    </div>
  );
}
