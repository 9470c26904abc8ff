// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../app/i18n/language.ts';
import { Trans } from '../../app/i18n/Trans.tsx';
import 'virtual:messages/en/auth';
import 'virtual:messages/en/applications';

afterEach(async () => {
  await activateLanguage('en');
  localStorage.clear();
});

describe('Trans: a message holding elements', () => {
  it('puts each <n>…</n> text in its element, values interpolated first', () => {
    const { container } = render(
      <p>
        <Trans
          id="auth.forgot.sentTo"
          values={{ email: 'a@b.ca' }}
          components={{ 0: <strong />, 1: <button type="button" /> }}
        />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent(
      'Sent to a@b.ca. No email after a few minutes? Check your spam folder, or try another address.',
    );
    expect(container.querySelector('strong')).toHaveTextContent('a@b.ca');
    expect(screen.getByRole('button', { name: 'try another address' })).toBeInTheDocument();
  });

  it("draws a self-closing <n/> as its element with the element's own children", () => {
    const { container } = render(
      <p>
        <Trans id="applications.detail.fromTo" components={{ 0: <em>Draft</em>, 1: <em>Submitted</em> }} />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent('Draft to Submitted');
    expect([...container.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['Draft', 'Submitted']);
  });

  it('keeps the text of a tag without an element, and follows the language shown', async () => {
    const { container, rerender } = render(
      <p>
        <Trans id="auth.signup.readTerms" components={{ 0: <a href="/terms" /> }} />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent('Read the Terms of Service and the Privacy Policy.');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await activateLanguage('fr');
    rerender(
      <p>
        <Trans id="auth.signup.readTerms" components={{ 0: <a href="/terms" />, 1: <a href="/privacy" /> }} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'conditions d’utilisation' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/privacy');
  });
});
