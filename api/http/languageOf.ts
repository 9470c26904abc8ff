import type { FastifyRequest } from 'fastify';
import type { Language } from '../definitions/createServerEngine.ts';

/**
 * The language the Accept-Language header prefers among English and French (q-values honoured, `fr-CA` is French),
 * or undefined when it names neither (no header, `*`, `de`).
 */
function acceptedLanguage(header: unknown): Language | undefined {
  if (typeof header !== 'string') return undefined;
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const lang = tag.split('-')[0];
    if (lang !== 'fr' && lang !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && q > (best?.q ?? 0)) best = { lang, q };
  }
  return best?.lang;
}

/**
 * The language of a request's answer: the one its Accept-Language prefers; else the signed-in account's language
 * (users.language); else English, so a request with no preference keeps the spec's English texts.
 * @example languageOf({ headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } }) // 'fr'
 */
export function languageOf(
  request: Pick<FastifyRequest, 'headers'> & { user?: { language?: string | null } | null },
): Language {
  const account = request.user?.language;
  return acceptedLanguage(request.headers['accept-language']) ?? (account === 'fr' ? 'fr' : 'en');
}
