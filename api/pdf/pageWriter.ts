import {
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  beginText,
  endText,
  fill,
  lineTo,
  moveText,
  moveTo,
  rectangle,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  showText,
  stroke,
  type RGB,
} from 'pdf-lib';
import { type Fonts, printable, textRuns, widthKey } from './embedFonts.ts';

/** US Letter, as Canadian insurers print their applications. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
const MARGIN_X = 42;
const CONTENT_TOP = PAGE_HEIGHT - 76;
const CONTENT_BOTTOM = 56;

export const INK = rgb(0.12, 0.16, 0.2);
export const MUTED = rgb(0.36, 0.4, 0.45);
const RULE = rgb(0.76, 0.79, 0.83);
const WHITE = rgb(1, 1, 1);

/** Parses #rrggbb. */
export function hexColor(hex: string | undefined, fallback: RGB = rgb(0.1, 0.3, 0.55)): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  return m ? rgb(parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255) : fallback;
}

/** The colour mixed with white (amount 0..1 of white). */
function tint(color: RGB, amount: number): RGB {
  return rgb(
    color.red + (1 - color.red) * amount,
    color.green + (1 - color.green) * amount,
    color.blue + (1 - color.blue) * amount,
  );
}

/** Glyph widths at size 1 by font name: the same for every document, measured once. */
const glyphWidths = new Map<string, Map<string, number>>();

/**
 * The width of text as drawn (no kerning: pdf-lib draws without it), from cached glyph widths.
 */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let sum = 0;
  for (const run of textRuns(text, font)) {
    const key = widthKey(run.font);
    let widths = glyphWidths.get(key);
    if (!widths) glyphWidths.set(key, (widths = new Map()));
    for (const ch of run.text) {
      let w = widths.get(ch);
      if (w === undefined) widths.set(ch, (w = run.font.widthOfTextAtSize(ch, 1)));
      sum += w;
    }
  }
  return sum * size;
}

/** Two decimals are plenty for positions; shorter content streams. */
const r2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Splits text into lines that fit a width, breaking at spaces, at new lines, and inside words longer than a line.
 * @returns at least one line (an empty string for empty text)
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  const space = textWidth(' ', font, size);
  for (const paragraph of printable(text).split(/\r?\n/)) {
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/ +/)) {
      if (word === '') continue;
      const w = textWidth(word, font, size);
      if (line && width + space + w <= maxWidth) {
        line += ` ${word}`;
        width += space + w;
        continue;
      }
      if (line) lines.push(line);
      if (w <= maxWidth) {
        line = word;
        width = w;
        continue;
      }
      // A word longer than a line is cut where it fills the line, measuring each character once: linear in its length.
      line = '';
      width = 0;
      for (const ch of word) {
        const cw = textWidth(ch, font, size);
        if (line && width + cw > maxWidth) {
          lines.push(line);
          line = '';
          width = 0;
        }
        line += ch;
        width += cw;
      }
    }
    lines.push(line);
  }
  return lines.length ? lines : [''];
}

/** One labelled box of a form row. */
export interface Cell {
  label: string;
  value: string;
  /** Twelfths of the content width. */
  span: number;
}

export interface TableColumn {
  label: string;
  /** Share of the table width (the shares are normalised). */
  width: number;
  align?: 'left' | 'right';
}

export interface PageHeader {
  insurer: string;
  formTitle: string;
  /** "Form NN1207E (11/2024)", as the insurer words it. */
  formLine?: string;
  /** band: the name in white on a band of the insurer's colour; rule (default): the name in colour over a rule. */
  style?: 'band' | 'rule';
  /** The word marking a heading or a cell carried on to the next page, in the document's language; default "continued". */
  continued?: string;
}

/** One question of a form laid out as lines: its number (3.1) when the insurer numbers them, label and answer. */
export interface LineRow {
  number?: string;
  label: string;
  value: string;
}

const LABEL_SIZE = 6.8;
const LABEL_LEADING = 8;
const VALUE_SIZE = 9.5;
const VALUE_LEADING = 11.5;
const CELL_PAD = 4;
const TABLE_SIZE = 8.5;
const TABLE_LEADING = 10.5;

/**
 * Draws a paged form top to bottom: every page gets the insurer's header; rows and table rows never split
 * across pages (a row taller than a page is continued); footers with "Page n of N" are added by finish().
 */
/** Where a signature goes: 1-based page of this writer's document, PDF points from the page's bottom left. */
export interface SignatureBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export class PageWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  readonly width = PAGE_WIDTH - 2 * MARGIN_X;
  private readonly tint: RGB;
  /** The heading repeated, marked continued, when a section goes on to a new page. */
  private continuing: string | undefined;
  private readonly fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly header: PageHeader,
    readonly accent: RGB,
  ) {
    this.tint = tint(accent, 0.88);
  }

  /** The page's resource name of a font, added once per page (pdf-lib's setFont adds one per call). */
  private fontKey(page: PDFPage, font: PDFFont): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = new Map()));
    let key = keys.get(font);
    if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
    return key;
  }

  /**
   * One line of text, written as bare text operators (no graphics-state save and restore per line); a stretch the
   * font lacks (an emoji) is drawn in the face that has it, in the same text object.
   */
  private text(page: PDFPage, text: string, x: number, y: number, size: number, font: PDFFont, color: RGB): void {
    if (!text) return;
    page.pushOperators(setFillingRgbColor(color.red, color.green, color.blue), beginText(), moveText(r2(x), r2(y)));
    for (const run of textRuns(text, font))
      page.pushOperators(setFontAndSize(this.fontKey(page, run.font), size), showText(run.font.encodeText(run.text)));
    page.pushOperators(endText());
  }

  /** A rectangle, filled and/or outlined (0.6 pt). */
  private box(page: PDFPage, x: number, y: number, w: number, h: number, fillColor?: RGB, strokeColor?: RGB): void {
    if (fillColor)
      page.pushOperators(
        setFillingRgbColor(fillColor.red, fillColor.green, fillColor.blue),
        rectangle(r2(x), r2(y), r2(w), r2(h)),
        fill(),
      );
    if (strokeColor)
      page.pushOperators(
        setStrokingRgbColor(strokeColor.red, strokeColor.green, strokeColor.blue),
        setLineWidth(0.6),
        rectangle(r2(x), r2(y), r2(w), r2(h)),
        stroke(),
      );
  }

  private line(page: PDFPage, x1: number, y1: number, x2: number, y2: number, width: number, color: RGB): void {
    page.pushOperators(
      setStrokingRgbColor(color.red, color.green, color.blue),
      setLineWidth(width),
      moveTo(r2(x1), r2(y1)),
      lineTo(r2(x2), r2(y2)),
      stroke(),
    );
  }

  /** Starts a page and draws its header. */
  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    const top = PAGE_HEIGHT - 40;
    if (this.header.style === 'band') {
      this.box(this.page, 0, top - 20, PAGE_WIDTH, 48, this.accent);
      this.text(this.page, printable(this.header.insurer), MARGIN_X, top - 4, 15, this.fonts.bold, WHITE);
      this.rightText(this.header.formTitle, PAGE_WIDTH - MARGIN_X, top + 2, 8.5, this.fonts.bold, WHITE);
      if (this.header.formLine)
        this.rightText(this.header.formLine, PAGE_WIDTH - MARGIN_X, top - 9, 7.5, this.fonts.regular, WHITE);
    } else {
      this.text(this.page, printable(this.header.insurer), MARGIN_X, top - 4, 15, this.fonts.bold, this.accent);
      this.rightText(this.header.formTitle, PAGE_WIDTH - MARGIN_X, top + 2, 8.5, this.fonts.bold, INK);
      if (this.header.formLine)
        this.rightText(this.header.formLine, PAGE_WIDTH - MARGIN_X, top - 9, 7.5, this.fonts.regular, MUTED);
      this.box(this.page, MARGIN_X, top - 18, this.width, 1.6, this.accent);
    }
    this.y = CONTENT_TOP;
    if (this.continuing) this.drawHeading(`${this.continuing} (${this.header.continued ?? 'continued'})`, true);
  }

  private rightText(text: string, right: number, y: number, size: number, font: PDFFont, color: RGB): void {
    const t = printable(text);
    this.text(this.page, t, right - textWidth(t, font, size), y, size, font, color);
  }

  private room(): number {
    return this.y - CONTENT_BOTTOM;
  }

  /** Moves to a new page unless `height` points still fit. */
  ensure(height: number): void {
    if (height > this.room()) this.newPage();
  }

  gap(height: number): void {
    this.y -= height;
  }

  /** The form's title block on the first page. */
  title(text: string, subtitle: string, intro?: string): void {
    for (const line of wrapText(text, this.fonts.bold, 17, this.width)) {
      this.text(this.page, line, MARGIN_X, this.y - 16, 17, this.fonts.bold, INK);
      this.y -= 21;
    }
    this.text(this.page, printable(subtitle), MARGIN_X, this.y - 10, 8.5, this.fonts.regular, MUTED);
    this.y -= 16;
    if (intro) this.paragraph(intro, 8.5, this.fonts.italic, MUTED);
    this.y -= 6;
  }

  /** Wrapped text across the content width. */
  paragraph(text: string, size: number, font: PDFFont = this.fonts.regular, color: RGB = INK): void {
    const leading = size * 1.3;
    for (const line of wrapText(text, font, size, this.width)) {
      this.ensure(leading);
      this.text(this.page, line, MARGIN_X, this.y - size, size, font, color);
      this.y -= leading;
    }
  }

  /** A key-value summary in a tinted box, two columns; long labels wrap in their column. */
  summary(rows: [string, string][]): void {
    const colW = this.width / 2;
    const labelW = 98;
    const labelLines = rows.map(([k]) => wrapText(k, this.fonts.bold, 7.5, labelW));
    const lines = rows.map(([, v]) => wrapText(v || '-', this.fonts.regular, 9, colW - labelW - 14));
    const linesOf = (i: number): number => Math.max(lines[i]?.length ?? 1, labelLines[i]?.length ?? 1);
    const rowHeights: number[] = [];
    for (let i = 0; i < rows.length; i += 2) rowHeights.push(Math.max(linesOf(i), linesOf(i + 1)) * 11 + 4);
    const height = rowHeights.reduce((a, b) => a + b, 0) + 12;
    this.ensure(height);
    this.box(this.page, MARGIN_X, this.y - height, this.width, height, this.tint, RULE);
    let y = this.y - 8;
    rowHeights.forEach((h, r) => {
      for (let c = 0; c < 2; c++) {
        const i = r * 2 + c;
        if (!rows[i]) continue;
        const x = MARGIN_X + 8 + c * colW;
        labelLines[i].forEach((line, k) =>
          this.text(this.page, line, x, y - 8.5 - k * 11, 7.5, this.fonts.bold, MUTED),
        );
        lines[i].forEach((line, k) =>
          this.text(this.page, line, x + labelW + 6, y - 9 - k * 11, 9, this.fonts.regular, INK),
        );
      }
      y -= h;
    });
    this.y -= height + 12;
  }

  private drawHeading(text: string, continued = false): void {
    const h = 17;
    this.box(this.page, MARGIN_X, this.y - h, this.width, h, continued ? tint(this.accent, 0.35) : this.accent);
    this.text(this.page, printable(text), MARGIN_X + 7, this.y - 12, 9.5, this.fonts.bold, WHITE);
    this.y -= h + 4;
  }

  /** A section heading bar; kept with at least `keepWith` points of what follows. */
  heading(text: string, note?: string, keepWith = 40): void {
    this.continuing = undefined;
    this.ensure(21 + keepWith + (note ? 12 : 0));
    this.drawHeading(text);
    if (note) {
      this.paragraph(note, 7.5, this.fonts.italic, MUTED);
      this.y -= 2;
    }
    this.continuing = text;
  }

  /** Ends the current section: later page breaks repeat no heading. */
  endSection(): void {
    this.continuing = undefined;
    this.y -= 8;
  }

  /** A bold caption inside a section (an insured's name above a table). */
  caption(text: string): void {
    this.ensure(14 + 30);
    this.text(this.page, printable(text), MARGIN_X, this.y - 9, 8.5, this.fonts.bold, INK);
    this.y -= 13;
  }

  /** Labelled boxes, packed into rows of twelve spans; the last box of a row takes the rest of the row. */
  cells(cells: Cell[]): void {
    let row: Cell[] = [];
    let used = 0;
    const flush = (): void => {
      if (!row.length) return;
      row[row.length - 1] = { ...row[row.length - 1], span: row[row.length - 1].span + 12 - used };
      this.row(row);
      row = [];
      used = 0;
    };
    for (const cell of cells) {
      const span = Math.min(12, Math.max(1, cell.span));
      if (used + span > 12) flush();
      row.push({ ...cell, span });
      used += span;
    }
    flush();
  }

  private row(cells: Cell[]): void {
    const unit = this.width / 12;
    const laid = cells.map((c) => {
      const inner = c.span * unit - 2 * CELL_PAD;
      return {
        ...c,
        w: c.span * unit,
        labels: wrapText(c.label, this.fonts.regular, LABEL_SIZE, inner),
        values: c.value ? wrapText(c.value, this.fonts.regular, VALUE_SIZE, inner) : [],
      };
    });
    const fixed = (labels: number): number => CELL_PAD + labels * LABEL_LEADING + 2 + CELL_PAD;
    let pending = laid;
    while (pending.length) {
      const labelLines = Math.max(...pending.map((c) => c.labels.length));
      const needed = fixed(labelLines) + Math.max(1, ...pending.map((c) => c.values.length)) * VALUE_LEADING;
      if (needed > this.room()) {
        const capacity = CONTENT_TOP - CONTENT_BOTTOM - (this.continuing ? 21 : 0);
        const fitLines = Math.floor((this.room() - fixed(labelLines)) / VALUE_LEADING);
        if (needed <= capacity || fitLines < 3) {
          this.newPage();
          continue;
        }
      }
      const fitLines = Math.max(1, Math.floor((this.room() - fixed(labelLines)) / VALUE_LEADING));
      const now = pending.map((c) => ({ ...c, values: c.values.slice(0, fitLines) }));
      const height = fixed(labelLines) + Math.max(1, ...now.map((c) => c.values.length)) * VALUE_LEADING;
      let x = MARGIN_X;
      for (const c of now) {
        this.box(this.page, x, this.y - height, c.w, height, undefined, RULE);
        c.labels.forEach((line, k) =>
          this.text(
            this.page,
            line,
            x + CELL_PAD,
            this.y - CELL_PAD - LABEL_SIZE - k * LABEL_LEADING,
            LABEL_SIZE,
            this.fonts.regular,
            MUTED,
          ),
        );
        const top = this.y - fixed(labelLines) + CELL_PAD;
        c.values.forEach((line, k) =>
          this.text(
            this.page,
            line,
            x + CELL_PAD,
            top - VALUE_SIZE + 1 - k * VALUE_LEADING,
            VALUE_SIZE,
            this.fonts.regular,
            INK,
          ),
        );
        x += c.w;
      }
      this.y -= height;
      const rest = pending.map((c) => ({ ...c, values: c.values.slice(fitLines) }));
      pending = rest.some((c) => c.values.length)
        ? rest.map((c) => ({
            ...c,
            labels: wrapText(
              `${c.labels.join(' ')} (${this.header.continued ?? 'continued'})`,
              this.fonts.regular,
              LABEL_SIZE,
              c.w - 2 * CELL_PAD,
            ),
          }))
        : [];
      if (pending.length) this.newPage();
    }
  }

  /**
   * Questions one to a line: the label (and its number) on the left, the answer on the right, a hairline between
   * lines. A question never splits across pages.
   * @param labelShare - the share of the width the labels take
   */
  lines(rows: LineRow[], labelShare = 0.45): void {
    const numberW = rows.some((r) => r.number) ? 26 : 0;
    const labelW = this.width * labelShare - numberW;
    const valueX = MARGIN_X + numberW + labelW + 8;
    const valueW = MARGIN_X + this.width - valueX;
    for (const row of rows) {
      const labels = wrapText(row.label, this.fonts.regular, 8.2, labelW - 4);
      const values = wrapText(row.value || '-', this.fonts.bold, 9, valueW);
      const height = Math.max(labels.length * 10, values.length * 11) + 7;
      this.ensure(height);
      if (row.number)
        this.text(this.page, printable(row.number), MARGIN_X, this.y - 11, 8.2, this.fonts.bold, this.accent);
      labels.forEach((line, k) =>
        this.text(this.page, line, MARGIN_X + numberW, this.y - 11 - k * 10, 8.2, this.fonts.regular, MUTED),
      );
      values.forEach((line, k) =>
        this.text(
          this.page,
          line,
          valueX,
          this.y - 11 - k * 11,
          9,
          row.value ? this.fonts.bold : this.fonts.regular,
          INK,
        ),
      );
      this.y -= height;
      this.line(this.page, MARGIN_X, this.y + 2, MARGIN_X + this.width, this.y + 2, 0.4, RULE);
    }
    this.y -= 4;
  }

  /** A table with a tinted header row, repeated on each new page; rows never split. */
  table(columns: TableColumn[], rows: string[][], options: { boldLastRow?: boolean } = {}): void {
    const total = columns.reduce((a, c) => a + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const headLines = columns.map((c, i) => wrapText(c.label, this.fonts.bold, 7.2, widths[i] - 8));
    const headH = Math.max(...headLines.map((l) => l.length)) * 8.6 + 7;
    const drawHead = (): void => {
      this.box(this.page, MARGIN_X, this.y - headH, this.width, headH, this.tint, RULE);
      let x = MARGIN_X;
      headLines.forEach((lines, i) => {
        lines.forEach((line, k) => {
          const w = textWidth(line, this.fonts.bold, 7.2);
          const lx = columns[i].align === 'right' ? x + widths[i] - 4 - w : x + 4;
          this.text(this.page, line, lx, this.y - 10 - k * 8.6, 7.2, this.fonts.bold, INK);
        });
        x += widths[i];
      });
      this.y -= headH;
    };
    const laid = rows.map((row, r) => {
      const font = options.boldLastRow && r === rows.length - 1 ? this.fonts.bold : this.fonts.regular;
      const cells = row.map((v, i) => wrapText(v, font, TABLE_SIZE, widths[i] - 8));
      return { cells, font, height: Math.max(...cells.map((c) => c.length)) * TABLE_LEADING + 6 };
    });
    this.ensure(headH + (laid[0]?.height ?? 0));
    drawHead();
    for (const row of laid) {
      if (row.height > this.room()) {
        this.newPage();
        drawHead();
      }
      let x = MARGIN_X;
      row.cells.forEach((lines, i) => {
        this.box(this.page, x, this.y - row.height, widths[i], row.height, undefined, RULE);
        lines.forEach((line, k) => {
          const w = textWidth(line, row.font, TABLE_SIZE);
          const lx = columns[i].align === 'right' ? x + widths[i] - 4 - w : x + 4;
          this.text(this.page, line, lx, this.y - 3 - TABLE_SIZE - k * TABLE_LEADING + 1, TABLE_SIZE, row.font, INK);
        });
        x += widths[i];
      });
      this.y -= row.height;
    }
    this.y -= 6;
  }

  /** Signature and date lines, two to a row; answers the box above each signature line, in the order given. */
  signatures(labels: string[], dateLabel = 'Date (YYYY-MM-DD)'): SignatureBox[] {
    const colW = (this.width - 24) / 2;
    const boxes: SignatureBox[] = [];
    for (let i = 0; i < labels.length; i += 2) {
      this.ensure(38);
      this.y -= 24;
      for (let c = 0; c < 2 && labels[i + c]; c++) {
        const x = MARGIN_X + c * (colW + 24);
        this.line(this.page, x, this.y, x + colW * 0.68, this.y, 0.7, INK);
        this.line(this.page, x + colW * 0.74, this.y, x + colW, this.y, 0.7, INK);
        this.text(this.page, printable(labels[i + c]), x, this.y - 9, 7, this.fonts.regular, MUTED);
        this.text(this.page, printable(dateLabel), x + colW * 0.74, this.y - 9, 7, this.fonts.regular, MUTED);
        // The space above the line, up to the row above: where a signature is stamped.
        boxes.push({ page: this.pages.length, x, y: this.y, width: colW * 0.68, height: 22 });
      }
      this.y -= 14;
    }
    return boxes;
  }

  /** Draws every page's footer: the given text on the left, the page label ("Page 3 of 7") on the right. */
  finish(footer: string, pageLabel: (page: number, pages: number) => string): void {
    const n = this.pages.length;
    this.pages.forEach((page, i) => {
      this.line(page, MARGIN_X, 40, PAGE_WIDTH - MARGIN_X, 40, 0.6, RULE);
      this.text(page, printable(footer), MARGIN_X, 28, 7, this.fonts.regular, MUTED);
      const label = printable(pageLabel(i + 1, n));
      this.text(
        page,
        label,
        PAGE_WIDTH - MARGIN_X - textWidth(label, this.fonts.bold, 7.5),
        28,
        7.5,
        this.fonts.bold,
        INK,
      );
    });
  }
}
