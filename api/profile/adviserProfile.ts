/** The adviser's profile, entered once (account settings): printed on every insurer's form. */
export interface AdviserProfile {
  full_name: string;
  /** The adviser's licence number. */
  licence_number: string;
  /** Provinces and territories the licence covers (AB, ON…). */
  licence_provinces: string[];
  /** Agency or MGA. */
  agency: string;
  /** The adviser code (agent or producer number) the adviser holds with each insurer, by populate_forms id. */
  adviser_codes: Record<string, string>;
}

/**
 * The adviser as one insurer's generation reads it (`$context.adviser`, the payload's `adviser`): the profile with the
 * code for that insurer; no insurer (the payload of every chosen insurer) gives no single code.
 */
export function adviserFor(
  profile: AdviserProfile | undefined,
  email: string | undefined,
  insurer: string | null,
): Record<string, unknown> {
  return {
    full_name: profile?.full_name ?? null,
    licence_number: profile?.licence_number ?? null,
    licence_provinces: profile?.licence_provinces ?? [],
    agency: profile?.agency ?? null,
    adviser_code: insurer ? (profile?.adviser_codes[insurer] ?? null) : null,
    email: email ?? null,
  };
}
