import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

const number = new Intl.NumberFormat('en-CA');

/**
 * A list's page controls: which rows show of how many, and First, Previous, Next and Last. Nothing to page (one page
 * or none) leaves only the count.
 */
export function Pagination({
  page,
  pageSize,
  count,
  noun,
  label,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  /** What the rows are, singular and plural ("client", "clients"). */
  noun: [string, string];
  /** The navigation's name ("Client list pages"). */
  label: string;
  onPage(page: number): void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  const what = count === 1 ? noun[0] : noun[1];
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-status muted text-sm">
        {count === 0
          ? `0 ${noun[1]}`
          : pages === 1
            ? `${number.format(count)} ${what}`
            : t('common.pagination.range', {
                first: number.format(first),
                last: number.format(last),
                total: number.format(count),
                what,
              })}
      </p>
      {pages > 1 ? (
        <div className="pagination-controls">
          <button
            type="button"
            className="btn btn-secondary btn-sm pagination-end"
            disabled={page <= 1}
            onClick={() => onPage(1)}
          >
            {t('common.pagination.first')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('common.pagination.previousPage')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon />
            <span className="pagination-word">{t('common.pagination.previous')}</span>
          </button>
          <span className="pagination-page text-sm" aria-current="page">
            {t('common.pagination.page', { page: number.format(page), pages: number.format(pages) })}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('common.pagination.nextPage')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <span className="pagination-word">{t('common.pagination.next')}</span>
            <ChevronRightIcon />
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm pagination-end"
            disabled={page >= pages}
            onClick={() => onPage(pages)}
          >
            {t('common.pagination.last')}
          </button>
        </div>
      ) : null}
    </nav>
  );
}
