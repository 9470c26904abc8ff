import { Type } from 'typebox';
import { Nullable } from '../http/routeSchemas.ts';

export const SessionView = Type.Object(
  {
    id: Type.String({ description: 'Names the session (to sign it out); it cannot be used to sign in' }),
    user_agent: Nullable(Type.String({ description: 'The browser or program that signed in (its User-Agent)' })),
    address: Nullable(Type.String({ description: 'The network address it signed in from' })),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.String({ format: 'date-time', description: 'Written at most once a minute' }),
    expires_at: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'The session of this request' }),
  },
  { title: 'Session' },
);

export const SessionList = Type.Object({ results: Type.Array(SessionView) }, { title: 'SessionList' });

export const SessionParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{64}$', description: "A session's id (from GET /sessions/)" }),
});

export const SignedOut = Type.Object(
  { ended: Type.Integer({ minimum: 0, description: 'How many sessions ended' }) },
  { title: 'SignedOut' },
);
