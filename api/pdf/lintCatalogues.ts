import Ajv from 'ajv';
import type { DefinitionProblem, JsonSchema } from '../../engine/index.ts';

/** What lintCatalogues reads: forms/<name>/catalogue.json and what the steps allow. */
export interface CataloguesLintInput {
  /** forms/<name>/catalogue.json, parsed, keyed by folder name (bmo, canada_life). */
  catalogues: Record<string, unknown>;
  /** forms/_meta/catalogue.schema.json. */
  catalogueSchema: JsonSchema;
  /** The insurer ids of populate_forms (the final step's schema). */
  insurers: string[];
  /** The product types a plan row may have (plan-details' plan_product_type). */
  productTypes: string[];
  /** The coverage types a joint plan row may have; `single` is always allowed. */
  coverageTypes: string[];
  /** Folder name used in problem reports (default "forms"). */
  root?: string;
}

interface Plan {
  id?: unknown;
  coverage_types?: unknown;
  face_amount?: { min?: unknown; max?: unknown };
  issue_age?: { min?: unknown; max?: unknown };
}
interface Product {
  product?: unknown;
  product_type?: unknown;
  plans?: Plan[];
}

const list = (values: string[]): string => values.join(', ');

/**
 * Lints the insurers' catalogues: each file's shape (forms/_meta/catalogue.schema.json); every plan belongs to an
 * insurer of populate_forms, named in its file, whose folder is that insurer's; product types and coverage types are
 * the plan step's; plan and product ids are unique across catalogues; bounds are ordered; every insurer has one.
 * @returns problems as `{file, path (JSON pointer), message}`
 * @example lintCatalogues(input)[0].message // 'plan "term_10" has no insurer: add "insurer" (one of BMO, MANULIFE, …)'
 */
export function lintCatalogues(input: CataloguesLintInput): DefinitionProblem[] {
  const root = input.root ?? 'forms';
  const problems: DefinitionProblem[] = [];
  const ajv = new Ajv({ allErrors: true, strict: false });
  const { $schema: _meta, ...schema } = input.catalogueSchema;
  void _meta;
  const validate = ajv.compile(schema);
  const planIds = new Map<string, string>();
  const productIds = new Map<string, string>();
  const covered = new Set<string>();
  const coverage = new Set(['single', ...input.coverageTypes]);
  for (const [name, catalogue] of Object.entries(input.catalogues)) {
    const file = `${root}/${name}/catalogue.json`;
    const report = (path: string, message: string): void => void problems.push({ file, path, message });
    const doc = (catalogue ?? {}) as { insurer?: unknown; products?: Product[] };
    const products = Array.isArray(doc.products) ? doc.products : [];
    const insurer = typeof doc.insurer === 'string' && doc.insurer !== '' ? doc.insurer : undefined;
    if (!insurer) {
      products.forEach((product, i) =>
        (Array.isArray(product?.plans) ? product.plans : []).forEach((plan, j) =>
          report(
            `/products/${i}/plans/${j}`,
            `plan "${String(plan?.id ?? '?')}" has no insurer: add "insurer" to the catalogue (one of ${list(input.insurers)})`,
          ),
        ),
      );
    } else if (!input.insurers.includes(insurer)) {
      report('/insurer', `insurer "${insurer}" is not an insurer of populate_forms (${list(input.insurers)})`);
    } else {
      covered.add(insurer);
      if (name !== insurer.toLowerCase())
        report('/insurer', `the catalogue of ${insurer} belongs in ${root}/${insurer.toLowerCase()}/catalogue.json`);
    }
    if (!validate(catalogue))
      for (const e of validate.errors ?? [])
        if (!(e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === 'insurer'))
          report(e.instancePath, e.message ?? 'invalid');
    products.forEach((product, i) => {
      if (typeof product?.product === 'string') {
        const other = productIds.get(product.product);
        if (other) report(`/products/${i}/product`, `product "${product.product}" is also in ${other}`);
        else productIds.set(product.product, file);
      }
      if (typeof product?.product_type === 'string' && !input.productTypes.includes(product.product_type))
        report(
          `/products/${i}/product_type`,
          `product type "${product.product_type}" is not one of the plan step's (${list(input.productTypes)})`,
        );
      (Array.isArray(product?.plans) ? product.plans : []).forEach((plan, j) => {
        const at = `/products/${i}/plans/${j}`;
        if (typeof plan?.id === 'string') {
          const other = planIds.get(plan.id);
          if (other) report(`${at}/id`, `plan "${plan.id}" is also in ${other}: a plan belongs to one insurer`);
          else planIds.set(plan.id, file);
        }
        if (Array.isArray(plan?.coverage_types))
          plan.coverage_types.forEach((c: unknown, k: number) => {
            if (typeof c === 'string' && !coverage.has(c))
              report(`${at}/coverage_types/${k}`, `coverage type "${c}" is not one of ${list([...coverage])}`);
          });
        for (const bound of ['face_amount', 'issue_age'] as const) {
          const b = plan?.[bound];
          if (typeof b?.min === 'number' && typeof b.max === 'number' && b.min > b.max)
            report(`${at}/${bound}`, `min ${b.min} is above max ${b.max}`);
        }
      });
    });
  }
  for (const insurer of input.insurers)
    if (!covered.has(insurer))
      problems.push({
        file: `${root}/${insurer.toLowerCase()}/catalogue.json`,
        path: '',
        message: `${insurer} has no catalogue: the plan step cannot offer its plans`,
      });
  return problems;
}
