import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

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
            : `${number.format(first)}–${number.format(last)} of ${number.format(count)} ${what}`}
      </p>
      {pages > 1 ? (
        <div className="pagination-controls">
          <button
            type="button"
            className="btn btn-secondary btn-sm pagination-end"
            disabled={page <= 1}
            onClick={() => onPage(1)}
          >
            First
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon />
            <span className="pagination-word">Previous</span>
          </button>
          <span className="pagination-page text-sm" aria-current="page">
            Page {number.format(page)} of {number.format(pages)}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label="Next page"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <span className="pagination-word">Next</span>
            <ChevronRightIcon />
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm pagination-end"
            disabled={page >= pages}
            onClick={() => onPage(pages)}
          >
            Last
          </button>
        </div>
      ) : null}
    </nav>
  );
}
