import type { FastifyBaseLogger } from 'fastify';

/** What a sign-up tells the address it names: a welcome, or that it already has an account. */
export type AccountNotice = { kind: 'welcome'; userId: number } | { kind: 'already-registered'; userId?: number };

/**
 * The one path a sign-up's email would take, for a new account and for an address already registered alike, so
 * the HTTP answer never tells them apart. No mail is sent yet: a "notice" log line stands in for it (by user id,
 * never the address).
 * @param log - the request's logger
 * @param notice - which message the address would receive
 */
export function sendAccountNotice(log: FastifyBaseLogger, notice: AccountNotice): void {
  log.info({ notice: notice.kind, userId: notice.userId }, 'notice');
}
