import { useEffect } from 'react';
import { i18n } from '../i18n/language.ts';
import { titleWithProduct } from '../useRouteTitle.ts';
import 'virtual:messages/en/wizard';

export interface StepTitleParts {
  /** The step's title in flow.json. */
  step: string;
  /** The sub-page's title in flow.json, when the step has pages. */
  page?: string;
  /** Position among the steps that apply (1-based) and how many apply. */
  n: number;
  total: number;
  /** The client's name, once the clients are loaded. */
  client?: string;
}

/**
 * The document title of a wizard page, from the definitions' titles: "Owner Information: Step 4 of 12, Olivia
 * Bennett | Insure Wizard"; a sub-page adds its own title ("Basic Information – Language Check: Step 1 of 14...").
 * @returns - the title
 */
export function wizardTitle({ step, page, n, total, client }: StepTitleParts): string {
  const where = page && page !== step ? `${step} – ${page}` : step;
  // "Step n of N" as the progress bar says it, in the language shown (the titles come localized with the definitions).
  const progress = n > 0 ? `: ${i18n._('wizard.stepOf', { n, total })}` : '';
  return titleWithProduct(`${where}${progress}${client ? `, ${client}` : ''}`);
}

/** How long to wait for a step's heading (its definition may still be loading): about 5 s of frames. */
const MAX_FRAMES = 300;

/**
 * On every new step or sub-page: sets the document title, and moves focus to the page's heading, so a keyboard
 * starts at the top of the new page and a screen reader reads its name (WCAG 2.4.3, 4.1.3). Focus on Next or Back,
 * left behind on a button at the foot of the previous page, would otherwise fall to the body.
 * @param position - changes with each step and page ("owner", "basic/language")
 * @param title - the document title for it (wizardTitle)
 */
export function useStepAnnouncement(position: string, title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    let frames = 0;
    let id = 0;
    const from = document.activeElement;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('.wizard-main h1');
      if (!heading) {
        if ((frames += 1) < MAX_FRAMES) id = requestAnimationFrame(focusHeading);
        return;
      }
      if (focusWasTaken(from)) return;
      // A heading takes focus only from script (tabindex -1), never from Tab.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    id = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(id);
  }, [position]);
}

/**
 * Whether the adviser has put focus somewhere since the page began to load: opened the user menu or a dialog, or
 * clicked into something. The heading may appear a few seconds later; taking focus then would close that menu
 * under the pointer (it closes when focus leaves it).
 */
function focusWasTaken(from: Element | null): boolean {
  const now = document.activeElement;
  if (!now || now === document.body) return false;
  if (now.closest('[role="menu"], [role="dialog"], [role="alertdialog"]')) return true;
  return now !== from;
}
