import { sql, type RawBuilder } from 'kysely';
import type { DialectKind } from '../db/tables.ts';

/** A word as a GLOB pattern found anywhere in the text, its *, ? and [ taken literally. */
function globAnywhere(word: string): string {
  return `*${word.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/** A word as a LIKE pattern found anywhere in the text, its %, _ and \ taken literally. */
function likeAnywhere(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition "every word is in the client's search text" (clientListKeys), for a query on `clients`. SQLite asks
 * its trigram index (clients_search, FTS5); PostgreSQL's trigram index serves LIKE on the column itself.
 * @param dialect - which database
 * @param words - the folded words (searchWords), at least one
 */
export function clientSearch(dialect: DialectKind, words: string[]): RawBuilder<boolean> {
  if (dialect === 'sqlite') {
    const globs = words.map((word) => sql`search_text glob ${globAnywhere(word)}`);
    return sql<boolean>`clients.id in (select rowid from clients_search where ${sql.join(globs, sql` and `)})`;
  }
  const likes = words.map((word) => sql`clients.search_text like ${likeAnywhere(word)} escape '\\'`);
  return sql<boolean>`(${sql.join(likes, sql` and `)})`;
}
