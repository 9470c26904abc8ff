/** Names given to SQL texts, so PostgreSQL runs them as named (server-side prepared) statements. */
export interface StatementNames {
  /** Gives the text a name if it has none and the registry is not full (a text keeps its name for good). */
  register(text: string): void;
  /** The name of a registered text, or undefined (the text runs unnamed). */
  nameOf(text: string): string | undefined;
  /** How many texts have a name. */
  readonly size: number;
}

/**
 * A registry of SQL texts to statement names, bounded: beyond `limit` texts, new ones stay unnamed. A name is never
 * given to another text (a connection that prepared it would refuse the other text), so a full registry is not
 * cleared. The bound matters because a connection keeps every statement it prepared for its lifetime, and the
 * batched write statements' texts vary with each batch's shape: the hot queries, registered first, keep their names.
 * @param limit - the most texts named
 */
export function createStatementNames(limit: number): StatementNames {
  const names = new Map<string, string>();
  return {
    register(text) {
      if (names.size < limit && !names.has(text)) names.set(text, `pq${names.size + 1}`);
    },
    nameOf: (text) => names.get(text),
    get size() {
      return names.size;
    },
  };
}

/** The registry of this process: preparedQuery registers its texts (PostgreSQL only), NamedStatementClient reads it. */
export const statementNames = createStatementNames(300);
