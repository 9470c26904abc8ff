import type { FastifyRequest } from 'fastify';
import type { Language } from '../definitions/createServerEngine.ts';

/**
 * The language a request asks for in its Accept-Language: French when `fr` (or `fr-CA`…) is preferred to English,
 * else English, so a request with no preference keeps the spec's English texts.
 * @example languageOf({ headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } }) // 'fr'
 */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  let best: { lang: Language; q: number } = { lang: 'en', q: 0 };
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const lang = tag.split('-')[0];
    if (lang !== 'fr' && lang !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > best.q) best = { lang, q };
  }
  return best.lang;
}
