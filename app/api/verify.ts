import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import { apiRequest } from './client.ts';
import type { PasswordResetAnswer, VerifyEmailAnswer } from './schema.gen.ts';

/** POST /api/email/verify/: the mailed link's token. @throws ApiError - 400 saying why the link is refused */
export async function verifyEmail(token: string): Promise<string> {
  const answer = await apiRequest<VerifyEmailAnswer>('/api/email/verify/', {
    method: 'POST',
    auth: false,
    body: { token },
    fallback: i18n._('common.api.verifyEmail'),
  });
  return answer.detail;
}

/** POST /api/email/verify/resend/. @throws ApiError - 429 to wait, 400 when the email is verified already */
export async function resendVerification(): Promise<string> {
  const answer = await apiRequest<PasswordResetAnswer>('/api/email/verify/resend/', {
    method: 'POST',
    fallback: i18n._('common.api.sendNewLink'),
  });
  return answer.detail;
}
