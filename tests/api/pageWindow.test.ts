import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../api/http/listQuery.ts';

describe('pageWindow', () => {
  it('reads every page of every list size as the same rows, skipping at most half the list', () => {
    for (let count = 1; count <= 60; count++)
      for (let pageSize = 1; pageSize <= 8; pageSize++)
        for (let offset = 0; offset < count; offset += pageSize) {
          const list = Array.from({ length: count }, (_, i) => i);
          const window = pageWindow(count, offset, pageSize);
          // What the database answers: the list in the window's order, rows skipped, then rows taken.
          const read = (window.reverse ? [...list].reverse() : list).slice(window.offset, window.offset + window.limit);
          const page = window.reverse ? read.reverse() : read;
          expect(page, `${count} rows, ${pageSize} a page, from ${offset}`).toEqual(
            list.slice(offset, offset + pageSize),
          );
          expect(window.offset).toBeLessThanOrEqual(count / 2);
        }
  });

  it('reads the last page from the end without skipping, and the first from the start', () => {
    expect(pageWindow(10_000, 9_975, 25)).toEqual({ limit: 25, offset: 0, reverse: true });
    expect(pageWindow(10_001, 10_000, 25)).toEqual({ limit: 1, offset: 0, reverse: true });
    expect(pageWindow(10_000, 0, 25)).toEqual({ limit: 25, offset: 0, reverse: false });
    expect(pageWindow(10_000, 4_975, 25)).toEqual({ limit: 25, offset: 4_975, reverse: false });
  });
});
