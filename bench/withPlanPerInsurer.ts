import type { ApplicationData, JsonObject } from '../engine/index.ts';

/**
 * The application with a joint last-to-die plan for each insurer that has none among its joint plans: the insurer's
 * first catalogue plan of the application's product type that offers that coverage, at the first plan's face amount.
 * @param data - an application whose plan-details holds at least one joint plan
 * @param plans - flow.json's plans list (every insurer's catalogue, one row per plan)
 * @param insurers - the insurers generated for
 */
export function withPlanPerInsurer(data: ApplicationData, plans: JsonObject[], insurers: string[]): ApplicationData {
  const out = structuredClone(data);
  const details = out['plan-details'] as JsonObject;
  const rows = [...((details.joint_plan_options as JsonObject[] | null) ?? [])];
  const insurerOf = (id: unknown) => plans.find((p) => p.id === id)?.insurer;
  for (const insurer of insurers) {
    if (rows.some((r) => insurerOf(r.plan_name) === insurer)) continue;
    const plan = plans.find(
      (p) =>
        p.insurer === insurer &&
        p.product_type === details.product_type &&
        (p.coverage_types as string[]).includes('joint_last_to_die'),
    );
    if (!plan) throw new Error(`no ${String(details.product_type)} joint last-to-die plan in ${insurer}'s catalogue`);
    rows.push({ ...rows[0], plan_name: plan.id, coverage_type: 'joint_last_to_die' });
  }
  details.joint_plan_options = rows;
  return out;
}
