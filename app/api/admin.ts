import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import { apiRequest } from './client.ts';
import type { AdminAccount, AdminAccountList, AdminAuditList, AdminResult } from './schema.gen.ts';

export type { AdminAccount };
/** One line of the administrators' audit trail. */
export type AdminAuditEntry = AdminAuditList['results'][number];

/** GET /api/admin/accounts/: at most 50, the newest first. */
export function listAccounts(search: string, signal?: AbortSignal): Promise<AdminAccountList> {
  const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() }).toString()}` : '';
  return apiRequest<AdminAccountList>(`/api/admin/accounts/${query}`, {
    fallback: i18n._('common.api.loadAccounts'),
    signal,
  });
}

/** GET /api/admin/audit/: the latest actions, newest first. */
export async function adminAudit(signal?: AbortSignal): Promise<AdminAuditEntry[]> {
  const body = await apiRequest<AdminAuditList>('/api/admin/audit/', {
    fallback: i18n._('common.api.loadTrail'),
    signal,
  });
  return body.results;
}

/** What the Admin page can do to an account. */
export type AccountAction = 'grant' | 'revoke' | 'disable' | 'enable';

/**
 * One administrator's action on an account. @returns - what the server says was done
 * @throws ApiError - with the server's reason (an unverified email, a self-disable…)
 */
export function actOnAccount(id: number, action: AccountAction, brokerName?: string): Promise<AdminResult> {
  const path =
    action === 'grant' || action === 'revoke'
      ? `/api/admin/accounts/${id}/broker/`
      : `/api/admin/accounts/${id}/${action}/`;
  return apiRequest<AdminResult>(path, {
    method: action === 'revoke' ? 'DELETE' : 'POST',
    body: action === 'grant' ? (brokerName?.trim() ? { name: brokerName.trim() } : {}) : undefined,
    fallback: i18n._('common.api.changeAccount'),
  });
}
