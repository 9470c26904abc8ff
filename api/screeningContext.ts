import type { AuthUser, JsonObject, ServerContext } from './types.ts';

/**
 * Facts from outside the answers that a step's rules read as `$context.<name>`, gathered only when the step
 * uses them: previousInsureds (the user's other clients, for copying into a second insured).
 */
export async function screeningContext(ctx: ServerContext, user: AuthUser, clientId: number, stepId: string): Promise<JsonObject> {
  const context: JsonObject = {};
  if (ctx.engine.usesContext(stepId, 'previousInsureds')) {
    context.previousInsureds = (await ctx.clients.list(user)).filter((c) => c.id !== clientId);
  }
  return context;
}
