import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The faces a document draws with: DejaVu Sans (Latin, Latin Extended, Vietnamese, Greek, Cyrillic, symbols) and
 * Noto Emoji (monochrome) for what DejaVu lacks. Both ship as npm packages: nothing is downloaded at run time. */
export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  /** The fallback face for emoji and pictographs, drawn only for the characters the text faces lack. */
  symbol: PDFFont;
}

type Face = keyof Fonts;
type FontkitFont = ReturnType<typeof fontkit.create>;

const require = createRequire(import.meta.url);
const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const notoEmoji = join(dirname(require.resolve('@expo-google-fonts/noto-emoji/package.json')), '400Regular');

const FILES: Record<Face, string> = {
  regular: join(dejavu, 'DejaVuSans.ttf'),
  bold: join(dejavu, 'DejaVuSans-Bold.ttf'),
  italic: join(dejavu, 'DejaVuSans-Oblique.ttf'),
  symbol: join(notoEmoji, 'NotoEmoji_400Regular.ttf'),
};

/** Each face's bytes and parsed font, read once per process: every document shares them (parsing takes ~20 ms). */
const loaded = new Map<Face, { bytes: Uint8Array; font: FontkitFont }>();
const faceOfBytes = new WeakMap<Uint8Array, FontkitFont>();

/**
 * The font with one glyph per character and no shaping. Text reaches the faces composed (NFC) and pdf-lib draws
 * with advance widths only, so OpenType shaping changes nothing on the page and cost three quarters of the
 * rendering time. The emoji face keeps its shaping: joined emoji (👩‍🍳) are ligatures there.
 */
function unshaped(font: FontkitFont): FontkitFont {
  const fast = Object.create(font) as FontkitFont;
  const glyphs = new Map<number, ReturnType<FontkitFont['glyphForCodePoint']>>();
  const glyphOf = (codePoint: number): ReturnType<FontkitFont['glyphForCodePoint']> => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) glyphs.set(codePoint, (glyph = font.glyphForCodePoint(codePoint)));
    return glyph;
  };
  fast.layout = ((text: string) => ({
    glyphs: Array.from(text, (ch) => glyphOf(ch.codePointAt(0) ?? 0)),
  })) as unknown as FontkitFont['layout'];
  return fast;
}

/** The parts of fontkit's TrueType subset that {@link evenGlyphs} touches (not in its published types). */
interface GlyphSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * The font with each subset glyph padded to an even length. fontkit writes the short `loca` format, which stores
 * offsets halved, without padding: Noto Emoji's odd-length glyphs then point between bytes and no reader draws them.
 */
function evenGlyphs(font: FontkitFont): FontkitFont {
  const padded = Object.create(font) as FontkitFont;
  padded.createSubset = () => {
    const subset = font.createSubset();
    const inner = subset as unknown as GlyphSubset;
    const add = inner._addGlyph.bind(subset);
    inner._addGlyph = (gid) => {
      const index = add(gid);
      const bytes = inner.glyf[index];
      if (bytes.length % 2) {
        // fontkit's stream takes only its own Buffer type: make the padded copy with the same constructor.
        const even = (bytes.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(bytes.length + 1);
        even.set(bytes);
        inner.glyf[index] = even;
        inner.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return padded;
}

function face(name: Face): { bytes: Uint8Array; font: FontkitFont } {
  let found = loaded.get(name);
  if (!found) {
    const bytes = new Uint8Array(readFileSync(FILES[name]));
    found = { bytes, font: fontkit.create(bytes) };
    faceOfBytes.set(bytes, evenGlyphs(name === 'symbol' ? found.font : unshaped(found.font)));
    loaded.set(name, found);
  }
  return found;
}

/** fontkit with the parsed faces reused: pdf-lib parses the font file again for every document otherwise. */
const sharedFontkit = {
  create: (bytes: Uint8Array, postscriptName?: string): FontkitFont =>
    faceOfBytes.get(bytes) ?? fontkit.create(bytes, postscriptName),
};

/** Which face an embedded font is, for run splitting and the width cache (pdf-lib names each embedding anew). */
const faceOf = new WeakMap<PDFFont, { face: Face; fonts: Fonts }>();

/**
 * Embeds the four faces into a document, each subset to the glyphs the document draws (a page of Latin text adds
 * about 20 kB per face used). The text faces draw one glyph per character, so text reads back letter by letter.
 */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(sharedFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const embed = (name: Face): Promise<PDFFont> => doc.embedFont(face(name).bytes, { subset: true });
  const [regular, bold, italic, symbol] = await Promise.all([
    embed('regular'),
    embed('bold'),
    embed('italic'),
    embed('symbol'),
  ]);
  const fonts: Fonts = { regular, bold, italic, symbol };
  for (const name of Object.keys(fonts) as Face[]) faceOf.set(fonts[name], { face: name, fonts });
  return fonts;
}

/** Characters that belong to the emoji before them (joiners, variation selectors, skin tones, keycaps, tags). */
const JOINS = {
  test: (ch: string): boolean => {
    const c = ch.codePointAt(0) ?? 0;
    return (
      c === 0x200d ||
      c === 0xfe0e ||
      c === 0xfe0f ||
      c === 0x20e3 ||
      (c >= 0x1f3fb && c <= 0x1f3ff) ||
      (c >= 0xe0020 && c <= 0xe007f)
    );
  },
};

const has = (name: Face, ch: string): boolean => face(name).font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0);

/**
 * Text every face together can draw, as typed: composed (NFC) so accents sit on their letters, tabs and odd
 * spaces as plain spaces, control characters dropped, and a character no face has (a CJK ideograph, say) spelled
 * as its code point, `[U+674E]`, never a "?" or an empty box.
 */
export function printable(text: string): string {
  if (/^[\x20-\x7e\n]*$/.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')) {
    if (ch === '\n' || JOINS.test(ch) || has('regular', ch) || has('symbol', ch)) out += ch;
    else if (!/[\p{Cc}\p{Cf}]/u.test(ch))
      out += `[U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

/** One stretch of text drawn in one font. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

/**
 * Splits printable text into runs by the face that has each character: the asked face, else the regular face
 * (DejaVu's bold and oblique cover fewer symbols), else the emoji face; joiners stay with their emoji.
 */
export function textRuns(text: string, font: PDFFont): TextRun[] {
  const known = faceOf.get(font);
  if (!known || /^[\x20-\x7e]*$/.test(text)) return [{ text, font }];
  const runs: TextRun[] = [];
  for (const ch of text) {
    const previous = runs[runs.length - 1];
    const pick =
      JOINS.test(ch) && previous
        ? previous.font
        : has(known.face, ch)
          ? font
          : has('regular', ch)
            ? known.fonts.regular
            : known.fonts.symbol;
    if (previous?.font === pick) previous.text += ch;
    else runs.push({ text: ch, font: pick });
  }
  return runs;
}

/** A stable name for a font's glyph widths: the face for our fonts, pdf-lib's name for others. */
export function widthKey(font: PDFFont): string {
  return faceOf.get(font)?.face ?? font.name;
}
