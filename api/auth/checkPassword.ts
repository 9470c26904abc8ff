import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** Password length limits: the sign-up check and the API document both read these. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  short: 'Password must be at least 12 characters',
  long: 'Password must be at most 256 characters',
  email: 'Password must not be your email address',
  weak: 'This password is too common or too easy to guess. Please choose a less predictable one.',
} as const;

/** zxcvbn's score out of 4: 3 is "safely unguessable" against an online attack, and refuses every common password. */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

/**
 * Why a new password is refused, or undefined when it is acceptable: at least 12 characters, not the email, and
 * not guessable from zxcvbn-ts's common-password, name and keyboard-pattern lists (nor from the email and username).
 * @param password - the password as typed
 * @param account - the email and username it is for
 * @returns - the message to show, or undefined
 */
export function passwordProblem(password: string, account: { email: string; username?: string }): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.short;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.long;
  if (password.trim().toLowerCase() === account.email.trim().toLowerCase()) return PASSWORD_MESSAGES.email;
  // The dictionaries load once, on the first sign-up.
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const inputs = [account.email, account.email.split('@')[0] ?? '', account.username ?? ''].filter(Boolean);
  return checker.check(password, inputs).score < MIN_SCORE ? PASSWORD_MESSAGES.weak : undefined;
}
