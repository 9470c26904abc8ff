import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { finalStepOf } from '../../engine/index.ts';
import { badRequest } from '../http/apiError.ts';
import { userOf } from '../http/requestHelpers.ts';
import { errorResponses } from '../http/routeSchemas.ts';
import type { ProfileStore } from './createProfileStore.ts';
import { profileRequest } from './profileRequest.ts';
import { ProfileAnswer, ProfileChanges } from './profileSchemas.ts';
import { validateProfile, type ProfileChoices } from './validateProfile.ts';

/**
 * The adviser's profile, entered once in the account settings (encapsulated): GET /api/profile/ (with the insurers
 * and provinces it may name), PUT /api/profile/ (the whole profile; 400 {error, errors} naming each field) and GET
 * /api/profile/history/ (its trail, newest first). Generation prints it and asks for each insurer's adviser code.
 */
export const profileRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { engine, profiles } = app;
    const { definitions } = engine;
    const final = definitions.steps[finalStepOf(definitions.flow)];
    const populate = (final?.schema.properties as { populate_forms?: { items?: { enum?: string[] } } } | undefined)
      ?.populate_forms?.items?.enum;
    const names = (final?.ui.populate_forms as { 'ui:enumNames'?: Record<string, string> } | undefined)?.[
      'ui:enumNames'
    ];
    const provinces = ((definitions.flow.lists?.provinces ?? []) as { id: string; name: string }[]).map((p) => ({
      id: p.id,
      name: p.name,
    }));
    const choices: ProfileChoices = {
      insurers: (populate ?? []).map((id) => ({ id, name: names?.[id] ?? id })),
      provinces: provinces.map((p) => p.id),
    };
    const answer = (saved: Awaited<ReturnType<ProfileStore['get']>>) => ({
      profile: saved?.profile ?? null,
      updated_at: saved?.updated_at ?? null,
      insurers: choices.insurers,
      provinces,
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
      async (request) => answer(await profiles.get(userOf(request).id)),
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
        return answer(await profiles.save(userOf(request).id, checked.profile));
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
