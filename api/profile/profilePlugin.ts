import fp from 'fastify-plugin';
import { finalStepOf } from '../../engine/index.ts';
import { badRequest } from '../http/apiError.ts';
import { bodyOf, userOf } from '../http/requestHelpers.ts';
import { errorResponses } from '../http/routeSchemas.ts';
import { createProfileStore, type ProfileStore } from './createProfileStore.ts';
import { validateProfile, type ProfileChoices } from './validateProfile.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The advisers' profiles (printed on every insurer's form) and their trail. */
    profiles: ProfileStore;
  }
}

const PROFILE_SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    licence_number: { type: 'string' },
    licence_provinces: { type: 'array', items: { type: 'string' } },
    agency: { type: 'string' },
    adviser_codes: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The adviser code held with each insurer, by populate_forms id (BMO, MANULIFE…)',
    },
  },
};

const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    profile: { anyOf: [PROFILE_SCHEMA, { type: 'null' }] },
    updated_at: { type: ['string', 'null'] },
    insurers: {
      type: 'array',
      description: 'The insurers a code may be given for, in the order the generation step offers them',
      items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
    provinces: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
  },
};

/**
 * The adviser's profile, entered once in the account settings: GET /api/profile/ (with the insurers and provinces it
 * may name), PUT /api/profile/ (the whole profile; 400 {error, errors} naming each field) and GET
 * /api/profile/history/ (its trail, newest first). Generation prints it and asks for the adviser code of each insurer.
 */
export const profilePlugin = fp(
  async (app) => {
    const store = createProfileStore(app.database.db);
    app.decorate('profiles', store);
    const { definitions } = app.engine;
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
          response: { 200: ANSWER_SCHEMA, ...errorResponses(401) },
        },
      },
      async (request) => answer(await store.get(userOf(request).id)),
    );

    app.put(
      '/profile/',
      {
        schema: {
          tags: ['accounts'],
          summary: "Saves the adviser's profile (the whole of it); each change is kept in its trail",
          body: PROFILE_SCHEMA,
          response: { 200: ANSWER_SCHEMA, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const checked = validateProfile(bodyOf(request), choices);
        if (!checked.profile) throw badRequest(checked.errors);
        return answer(await store.save(userOf(request).id, checked.profile));
      },
    );

    app.get(
      '/profile/history/',
      {
        schema: {
          tags: ['accounts'],
          summary: "The changes to the adviser's profile, newest first (the last 50)",
          response: {
            200: {
              type: 'object',
              properties: {
                results: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'integer' },
                      at: { type: 'string' },
                      changes: {
                        type: 'array',
                        items: { type: 'object', properties: { field: { type: 'string' }, from: {}, to: {} } },
                      },
                    },
                  },
                },
              },
            },
            ...errorResponses(401),
          },
        },
      },
      async (request) => ({ results: await store.history(userOf(request).id) }),
    );
  },
  { name: 'profiles', dependencies: ['db', 'engine'] },
);
