import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from './apiError.ts';
import { queryParam } from './requestHelpers.ts';

/** Rows per page when the caller names none, and the most a page holds (Django REST framework's page_size). */
export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Only the start of a search is used: a longer text finds nothing more. */
export const SEARCH_MAX = 200;

/** One field of an ordering, ascending unless `desc`. */
export interface SortKey<F extends string = string> {
  field: F;
  desc: boolean;
}

/** What a list request asks for: one page of the list sorted, and searched when `search` is given. */
export interface ListQuery<F extends string = string> {
  page: number;
  pageSize: number;
  /** Rows before the page. */
  offset: number;
  ordering: SortKey<F>[];
  search?: string;
}

/** A page of a list as the API answers it: Django REST framework's page-number pagination. */
export interface ListPage<T> {
  /** How many rows the whole (filtered) list has. */
  count: number;
  /** The next page's and the previous page's path with this request's parameters, or null. */
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Where a page's rows are read from: so many rows after skipping so many, in the list's order or in reverse. */
export interface PageWindow {
  limit: number;
  offset: number;
  /** Read in the reverse order (each sort key flipped, the id too); the rows read are then reversed. */
  reverse: boolean;
}

/**
 * The cheaper way to a page of a list of `count` rows: an OFFSET walks the index over every row it skips, so a page
 * in the second half of the list is read from the list's end, backwards (the same index, read the other way), and
 * the last page costs what the first does. Exact because every ordering ends with the id: each row has one place.
 * @param count - the rows of the whole filtered list
 * @param offset - the rows before the page (less than `count`)
 * @param pageSize - the rows a page holds
 */
export function pageWindow(count: number, offset: number, pageSize: number): PageWindow {
  const limit = Math.min(pageSize, count - offset);
  const after = count - offset - limit;
  return after < offset ? { limit, offset: after, reverse: true } : { limit, offset, reverse: false };
}

/** "last_name,-created_at" as sort keys, each field once (the route schema has checked the fields). */
function parseOrdering<F extends string>(text: string): SortKey<F>[] {
  const keys: SortKey<F>[] = [];
  for (const item of text.split(',')) {
    const desc = item.startsWith('-');
    const field = (desc ? item.slice(1) : item) as F;
    if (!keys.some((k) => k.field === field)) keys.push({ field, desc });
  }
  return keys;
}

/**
 * The page, page size, ordering and search of a list request, whose route schema (listQuerySchema) has refused every
 * bad parameter, each named, in one 400.
 * @param request - the list request
 * @param defaultOrdering - the ordering without ?ordering= (or with it empty)
 * @returns - the query
 */
export function listQueryOf<F extends string>(request: FastifyRequest, defaultOrdering: SortKey<F>[]): ListQuery<F> {
  const page = Number(queryParam(request, 'page') ?? 1);
  const pageSize = Number(queryParam(request, 'page_size') ?? PAGE_SIZE);
  const orderingText = queryParam(request, 'ordering');
  const ordering = orderingText ? parseOrdering<F>(orderingText) : defaultOrdering;
  const search = queryParam(request, 'search')?.slice(0, SEARCH_MAX).trim();
  return { page, pageSize, offset: (page - 1) * pageSize, ordering, ...(search ? { search } : {}) };
}

/** The path of this request with another page (page 1 drops the parameter, as Django REST framework does). */
function pagePath(request: FastifyRequest, page: number): string {
  const [path, query = ''] = request.originalUrl.split('?', 2);
  const params = new URLSearchParams(query);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The answer for one page of a list: the rows with the count and the links to the pages either side.
 * The links are paths on this server (with every parameter of the request), not absolute URLs: behind a proxy the
 * server cannot know the address the browser used.
 * @param request - the list request
 * @param query - its parsed query
 * @param count - the rows of the whole filtered list
 * @param results - the page's rows
 * @throws ApiError - 404 "Invalid page." for a page after the last (the first page of an empty list is a page)
 */
export function listPage<T>(request: FastifyRequest, query: ListQuery, count: number, results: T[]): ListPage<T> {
  if (query.page > 1 && query.offset >= count)
    throw new ApiError(404, { error: 'Invalid page.', errors: [{ field: 'page', message: 'Invalid page.' }] });
  return {
    count,
    next: query.offset + results.length < count ? pagePath(request, query.page + 1) : null,
    previous: query.page > 1 ? pagePath(request, query.page - 1) : null,
    results,
  };
}

/** Alternatives of a regular expression, each written literally. */
const anyOf = (words: readonly string[]): string =>
  words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/**
 * The query parameters of a paged list, as text (a query string is text) bounded by patterns: Fastify's validator
 * refuses every bad one with its message, each named, in one 400, and the API document shows the same bounds.
 * @param fields - the fields it may be ordered by
 * @param defaultOrdering - the ordering without ?ordering=, as the parameter writes it
 * @param searchDescription - what ?search= looks in; none: the list has no search
 */
export function listQuerySchema(fields: readonly string[], defaultOrdering: string, searchDescription?: string) {
  const field = `-?(${anyOf(fields)})`;
  return {
    page: Type.Optional(
      Type.String({
        default: '1',
        pattern: '^[1-9][0-9]{0,8}$',
        description: 'The page: a whole number from 1',
        errorMessage: 'page must be a whole number from 1',
      }),
    ),
    page_size: Type.Optional(
      Type.String({
        default: String(PAGE_SIZE),
        pattern: `^([1-9]|[1-9][0-9]|${MAX_PAGE_SIZE})$`,
        description: `Rows per page: a whole number from 1 to ${MAX_PAGE_SIZE}`,
        errorMessage: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
      }),
    ),
    ordering: Type.Optional(
      Type.String({
        default: defaultOrdering,
        pattern: `^(${field}(,${field})*)?$`,
        description: `Fields to sort by, comma-separated, a leading - for descending (${fields.join(', ')}); any other field is refused with 400; empty: the default`,
        errorMessage: `ordering must name only ${fields.join(', ')} (a leading - sorts descending)`,
      }),
    ),
    ...(searchDescription
      ? {
          search: Type.Optional(
            Type.String({
              description: `${searchDescription}, without regard to accents or case ("helene" finds "Hélène"); every word must be found; only the first ${SEARCH_MAX} characters are used`,
            }),
          ),
        }
      : {}),
  };
}
