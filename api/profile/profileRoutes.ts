import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { finalStepOf, type Definitions } from '../../engine/index.ts';
import type { Language } from '../definitions/createServerEngine.ts';
import { badRequest } from '../http/apiError.ts';
import { userOf } from '../http/requestHelpers.ts';
import { languageOf } from '../http/languageOf.ts';
import { errorResponses } from '../http/routeSchemas.ts';
import type { ProfileStore } from './createProfileStore.ts';
import { profileRequest } from './profileRequest.ts';
import { ProfileAnswer, ProfileChanges } from './profileSchemas.ts';
import { validateProfile, type ProfileChoices } from './validateProfile.ts';

type Named = { id: string; name: string };

/** The insurers a profile may give a code for (the generation step's offer) and the provinces of licence, named. */
function namedChoices(definitions: Definitions): { insurers: Named[]; provinces: Named[] } {
  const final = definitions.steps[finalStepOf(definitions.flow)];
  const populate = (final?.schema.properties as { populate_forms?: { items?: { enum?: string[] } } } | undefined)
    ?.populate_forms?.items?.enum;
  const names = (final?.ui.populate_forms as { 'ui:enumNames'?: Record<string, string> } | undefined)?.['ui:enumNames'];
  const provinces = (definitions.flow.lists?.provinces ?? []) as Named[];
  return {
    insurers: (populate ?? []).map((id) => ({ id, name: names?.[id] ?? id })),
    provinces: provinces.map((p) => ({ id: p.id, name: p.name })),
  };
}

/**
 * The adviser's profile, entered once in the account settings (encapsulated): GET /api/profile/ (with the insurers
 * and provinces it may name, in the request's language), PUT /api/profile/ (the whole profile; 400 {error, errors}
 * naming each field) and GET /api/profile/history/ (its trail, newest first). Generation prints it and asks for each
 * insurer's adviser code.
 */
export const profileRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, profiles } = app;
    const english = namedChoices(engine.definitions);
    const choices: ProfileChoices = { insurers: english.insurers, provinces: english.provinces.map((p) => p.id) };
    // The names in each language, from that language's definitions (Canada Vie, Terre-Neuve-et-Labrador): made once.
    const named = new Map<Language, { insurers: Named[]; provinces: Named[] }>([['en', english]]);
    const namedIn = (lang: Language) => {
      let found = named.get(lang);
      if (!found) named.set(lang, (found = namedChoices(engine.localized(lang).definitions)));
      return found;
    };
    const answer = (saved: Awaited<ReturnType<ProfileStore['get']>>, lang: Language) => ({
      profile: saved?.profile ?? null,
      updated_at: saved?.updated_at ?? null,
      ...namedIn(lang),
    });

    app.get(
      '/profile/',
      {
        schema: {
          tags: ['accounts'],
          summary: "The signed-in adviser's profile (null until saved), with the insurers and provinces it may name",
          response: { 200: ProfileAnswer, ...errorResponses(401) },
        },
      },
      async (request) => answer(await profiles.get(userOf(request).id), languageOf(request)),
    );

    app.put(
      '/profile/',
      {
        schema: {
          tags: ['accounts'],
          summary: "Saves the adviser's profile (the whole of it); each change is kept in its trail",
          body: profileRequest(choices),
          response: { 200: ProfileAnswer, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const checked = validateProfile(request.body);
        if (!checked.profile) throw badRequest(checked.errors);
        return answer(await profiles.save(userOf(request).id, checked.profile), languageOf(request));
      },
    );

    app.get(
      '/profile/history/',
      {
        schema: {
          tags: ['accounts'],
          summary: "The changes to the adviser's profile, newest first (the last 50)",
          response: { 200: ProfileChanges, ...errorResponses(401) },
        },
      },
      async (request) => ({ results: await profiles.history(userOf(request).id) }),
    );
  },
  { name: 'profileRoutes', encapsulate: true, dependencies: ['engine', 'auth', 'profiles'] },
);
