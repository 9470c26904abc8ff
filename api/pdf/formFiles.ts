import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The name of an insurer's mapping inside its folder: forms/<insurer>/form.json. */
export const FORM_FILE = 'form.json';
/** The name of an insurer's own fillable application inside its folder: forms/<insurer>/template.pdf. */
export const TEMPLATE_FILE = 'template.pdf';

/** `forms/bmo/form.json`: where the mapping of one insurer folder lives (as problems and notes name it). */
export const formFile = (root: string, name: string): string => `${root}/${name}/${FORM_FILE}`;

/** `forms/bmo/template.pdf`: where an insurer's AcroForm template lives, when it supplies one. */
export const templateFile = (root: string, name: string): string => `${root}/${name}/${TEMPLATE_FILE}`;

/**
 * The insurer folders of forms/ (each holding form.json, and beside it whatever else belongs to that insurer: its
 * catalogue, its template), sorted; `_meta` and loose files are not insurers.
 */
export function insurerFolders(formsDir: string): string[] {
  return readdirSync(formsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(formsDir, e.name, FORM_FILE)))
    .map((e) => e.name)
    .sort();
}
