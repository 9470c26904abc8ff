import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import type { Session } from '../session.ts';
import { ApiError, apiRequest } from './client.ts';
import type { ChangePasswordRequest, LoginAnswer, PasswordResetAnswer, PasswordResetConfirm } from './types.ts';

/** The messages of a refused call by field ("current_password", "new_password", "token", "email"). */
export function fieldErrors(error: unknown): Record<string, string> {
  const body =
    error instanceof ApiError ? (error.body as { errors?: { field: string; message: string }[] } | null) : null;
  return Object.fromEntries((body?.errors ?? []).map((e) => [e.field, e.message]));
}

/** POST /api/password/change/. @throws ApiError - 400 with the field at fault in its body's `errors` */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiRequest('/api/password/change/', {
    method: 'POST',
    body: { current_password: currentPassword, new_password: newPassword } satisfies ChangePasswordRequest,
    fallback: i18n._('common.api.changePassword'),
  });
}

/**
 * POST /api/password/reset/: the server mails a link when an account uses the email.
 * @returns - what the page says (the same for any well-formed email)
 */
export async function askPasswordReset(email: string): Promise<string> {
  const answer = await apiRequest<PasswordResetAnswer>('/api/password/reset/', {
    method: 'POST',
    auth: false,
    body: { email },
    fallback: i18n._('common.api.sendLink'),
  });
  return answer.detail;
}

/** POST /api/password/reset/confirm/: sets the password with the link's token and signs in. */
export async function resetPassword(token: string, newPassword: string): Promise<Session> {
  const answer = await apiRequest<LoginAnswer>('/api/password/reset/confirm/', {
    method: 'POST',
    auth: false,
    body: { token, new_password: newPassword } satisfies PasswordResetConfirm,
    fallback: i18n._('common.api.setPassword'),
  });
  return {
    token: answer.token,
    username: answer.username,
    role: answer.role,
    emailVerified: answer.email_verified,
    isAdmin: answer.is_admin,
    language: answer.language,
  };
}
