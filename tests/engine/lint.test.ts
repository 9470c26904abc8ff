import { lintDefinitions } from '../../engine/lintDefinitions.ts';
import { formatProblem } from '../../engine/loadDefinitions.ts';
import type { DefinitionFiles } from '../../engine/types.ts';
import { realFiles } from '../support/miniDefinitions.ts';
import { specText } from '../support/specText.ts';

type Json = Record<string, any>;

/** Lints the real steps/ with one mistake made by `breakIt`, and returns the report lines. */
function lintWith(breakIt: (files: DefinitionFiles & Record<string, Json>) => void): string[] {
  const files = realFiles() as DefinitionFiles & Record<string, Json>;
  breakIt(files);
  return lintDefinitions(files).map(formatProblem);
}

/** A step of flow.json by its id, never by its position: product staff may add steps before it. */
const stepIndex = (f: Json, id: string): number => (f['flow.json'].steps as Json[]).findIndex((s) => s.id === id);

describe('steps:check', () => {
  it('passes on steps/ as it is', () => {
    expect(lintWith(() => {})).toEqual([]);
  });

  it('names a misspelt var with the file, the JSON path and a suggestion', () => {
    const out = lintWith((f) => {
      f['owner/rules.json'].visibility[3].showIf = { '==': [{ var: 'owner.ownr_type' }, 'entity'] };
    });
    expect(out).toContain(
      'steps/owner/rules.json /visibility/3: var "owner.ownr_type" is not a field (did you mean owner.owner_type?)',
    );
  });

  it('catches a var naming a step that does not exist', () => {
    const out = lintWith((f) => {
      f['flow.json'].steps[stepIndex(f, 'multi-owner')].showIf = {
        '==': [{ var: 'ownr.ownership_type' }, 'joint_insureds'],
      };
    });
    expect(out.join('\n')).toMatch(
      /var "ownr.ownership_type" names no step "ownr" \(did you mean owner.ownership_type\?\)/,
    );
  });

  it('catches a ui.json key that is not in the schema', () => {
    const out = lintWith((f) => {
      f['purpose-of-insurance/ui.json'].purpose_of_insurence = { 'ui:title': 'Purpose' };
    });
    expect(out).toContain(
      'steps/purpose-of-insurance/ui.json /purpose_of_insurence: ui key "purpose_of_insurence" is not a field of the schema (did you mean purpose_of_insurance?)',
    );
  });

  it('catches a validation rule without a message', () => {
    const out = lintWith((f) => {
      delete f['plan-details/rules.json'].validation[0].message;
    });
    expect(out.some((l) => l.startsWith('steps/plan-details/rules.json /validation/0') && l.includes('message'))).toBe(
      true,
    );
  });

  it('catches an empty message', () => {
    const out = lintWith((f) => {
      f['plan-details/rules.json'].validation[0].message = '';
    });
    expect(out.some((l) => l.startsWith('steps/plan-details/rules.json /validation/0'))).toBe(true);
  });

  it('catches a target field that does not exist', () => {
    const out = lintWith((f) => {
      f['tax-information/rules.json'].visibility[0].fields = ['owner1_tinn'];
    });
    expect(out.join('\n')).toMatch(
      /steps\/tax-information\/rules.json \/visibility\/0: field "owner1_tinn" is not a field \(did you mean owner1_tin\?\)/,
    );
  });

  it("checks that the review's layout names screening steps", () => {
    const out = lintWith((f) => {
      f['screening-review/ui.json']['ui:review'] = { exclude: ['tax-informaton'], order: ['pdf-generation'] };
    });
    expect(out).toContain(
      'steps/screening-review/ui.json /ui:review/exclude/0: "tax-informaton" is not a screening step of flow.json (did you mean tax-information?)',
    );
    expect(out.some((l) => l.includes('/ui:review/order/0: "pdf-generation" is not a screening step'))).toBe(true);
  });

  it('suggests the widget, key or field meant, whatever the case or the distance when the match is clear', () => {
    const widget = lintWith((f) => {
      f['medical/ui.json']['ui:definitions']['#/definitions/medical_data'].has_paramedic['ui:widget'] = 'yesno';
    });
    expect(widget.some((l) => l.startsWith('steps/medical/ui.json') && l.includes('(did you mean "yesNo"?)'))).toBe(
      true,
    );
    const out = lintWith((f) => {
      f['lifestyle/rules.json'].visibility[0].showIf = { '==': [{ var: 'lifestyle.lifestyle_data_1.drnks' }, true] };
    });
    expect(out.join('\n')).toMatch(
      /var "lifestyle\.lifestyle_data_1\.drnks" is not a field \(did you mean lifestyle\.lifestyle_data_1\.drinks_alcohol\?\)/,
    );
  });

  it('names a misspelt schema keyword or format, which JSON Schema would silently ignore, once each', () => {
    const out = lintWith((f) => {
      const props = f['owner/schema.json'].properties;
      props.third_party_date_of_birth.format = 'dat';
      const name = f['owner/schema.json'].definitions.shareholder.properties.name;
      name.maxLenght = name.maxLength;
      delete name.maxLength;
    });
    expect(out).toEqual([
      'steps/owner/schema.json /definitions/shareholder/properties/name/maxLenght: unknown keyword "maxLenght" (did you mean "maxLength"?)',
      'steps/owner/schema.json /properties/third_party_date_of_birth/format: unknown format "dat" (did you mean "date"?) (known: date, email, date-time)',
    ]);
  });

  it('reports a required rule on an unknown field once, not again for the var it reads', () => {
    const out = lintWith((f) => {
      const rule = f['owner/rules.json'].validation.find((r: Json) => r.field === 'owner_type' && r.required);
      rule.field = 'ownr_typ';
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^steps\/owner\/rules\.json \/validation\/\d+: field "ownr_typ" is not a field \(did you mean owner_type\?\)$/,
    );
  });

  it('reports a mistake in a per-insured group once, as written in the file', () => {
    const out = lintWith((f) => {
      f['lifestyle/rules.json'].groups[0].visibility[0].showIf = { '===': [{ var: '$scope.drinks_alcohl' }, true] };
      f['lifestyle/rules.json'].groups[0].visibility[1].fields = ['alcohol_questionaire_note'];
    });
    expect(out).toEqual([
      'steps/lifestyle/rules.json /groups/0/visibility/0: var "$scope.drinks_alcohl" is not a field (did you mean $scope.drinks_alcohol?)',
      'steps/lifestyle/rules.json /groups/0/visibility/1: field "alcohol_questionaire_note" is not a field (did you mean alcohol_questionnaire_note?)',
    ]);
  });

  it('names the step that the complete application example misses', () => {
    const out = lintWith((f) => {
      delete f['screening-review/examples/full-application.json'].data.medical;
    });
    expect(out).toContain(
      'steps/screening-review/examples/full-application.json /data/medical: the complete application must hold every step that applies; it has no record of it (step "medical", Medical Information)',
    );
  });

  it('refuses a free-text field without a maxLength', () => {
    const out = lintWith((f) => {
      delete f['lifestyle/schema.json'].definitions.lifestyle_data.properties.alcohol_details.maxLength;
      f['owner/schema.json'].properties.nickname = { type: ['string', 'null'] };
      f['owner/schema.json'].properties.signed_on = { type: 'string', format: 'date' };
    });
    expect(out).toContain(
      'steps/lifestyle/schema.json /definitions/lifestyle_data/properties/alcohol_details: a text field needs a "maxLength" (and an errorMessage for it), or an "enum", "const", date "format" or an anchored "pattern" without "*", "+" or "{n,}": for example "maxLength": 100 for a name, 200 for an address line, 2000 for free text',
    );
    expect(out.some((l) => l.includes('/properties/nickname: a text field needs a "maxLength"'))).toBe(true);
    expect(out.some((l) => l.includes('signed_on: a text field'))).toBe(false);
  });

  it('refuses a list without a maxItems and a number without a lowest and a highest value, naming the path', () => {
    const out = lintWith((f) => {
      delete f['plan-details/schema.json'].properties.single_life_options.maxItems;
      delete f['owner/schema.json'].properties.shareholders.maxItems;
      delete f['financial/schema.json'].definitions.money.minimum;
      delete f['insurance-history/schema.json'].definitions.insurance_entry.properties.year_issued.maximum;
    });
    expect(out).toContain(
      'steps/plan-details/schema.json /properties/single_life_options: a list needs a "maxItems": the most rows a form and an insurer can take, for example "maxItems": 10 (or the number of options of a multiple choice)',
    );
    expect(
      out.some((l) => l.startsWith('steps/owner/schema.json /properties/shareholders: a list needs a "maxItems"')),
    ).toBe(true);
    expect(out).toContain(
      'steps/financial/schema.json /definitions/money: a number field needs a "minimum" (and an errorMessage for it): for example "minimum": 0 for an amount or a count',
    );
    expect(
      out.some((l) =>
        l.startsWith(
          'steps/insurance-history/schema.json /definitions/insurance_entry/properties/year_issued: a number field needs a "maximum"',
        ),
      ),
    ).toBe(true);
    expect(out).toHaveLength(4);
  });

  it('takes an anchored pattern without open repetition as the bound of a text', () => {
    const out = lintWith((f) => {
      f['owner/schema.json'].properties.code_a = { type: 'string', pattern: '^[A-Z]{2}\\d{3}$' };
      f['owner/schema.json'].properties.code_b = { type: 'string', pattern: '^[A-Z]+$' };
      f['owner/schema.json'].properties.code_c = { type: 'string', pattern: '[A-Z]{2}' };
      f['owner/schema.json'].properties.code_d = { type: 'string', pattern: '^\\d{3,}$' };
    });
    const unbounded = out.filter((l) => l.includes('a text field needs')).map((l) => l.split(':')[0]);
    expect(unbounded).toEqual([
      'steps/owner/schema.json /properties/code_b',
      'steps/owner/schema.json /properties/code_c',
      'steps/owner/schema.json /properties/code_d',
    ]);
  });

  it('catches schema alternatives the browser has no precompiled check for', () => {
    const out = lintWith((f) => {
      f['owner/schema.json'].properties.owner_type = { anyOf: [{ type: 'string' }, { type: 'null' }] };
      f['plan-details/schema.json'].definitions.joint_plan_option.allOf[0].if = {
        $ref: '#/definitions/plan_product_type',
      };
    });
    expect(out).toContain(
      'steps/owner/schema.json /properties/owner_type/anyOf: "anyOf" is not supported in a step\'s schema: offer the choices with "enum" and show fields with visibility rules',
    );
    expect(out).toContain(
      'steps/plan-details/schema.json /definitions/joint_plan_option/allOf/0/if: an "if" condition may not use "$ref": write the condition out',
    );
  });

  it('catches an unreachable step', () => {
    let at = -1;
    const out = lintWith((f) => {
      at = stepIndex(f, 'lifestyle');
      f['flow.json'].steps[at].showIf = false;
    });
    expect(out).toContain(
      `steps/flow.json /steps/${at}/showIf: step "lifestyle" is unreachable: its showIf never holds`,
    );
  });

  /** Where flow.json's final step stands: read from the file, so a step product staff add moves it with no test edit. */
  const finalAt = (f: Json): number => (f['flow.json'].steps as Json[]).findIndex((s) => s.final);

  it('catches a flow whose paths never end (final step skippable or missing)', () => {
    expect(
      lintWith((f) => {
        f['flow.json'].steps[finalAt(f)].showIf = { var: 'basic.client_id' };
      }),
    ).toContain(
      `steps/flow.json /steps/${finalAt(realFiles() as Json)}/showIf: the final step must always apply, or a path would never end`,
    );
    expect(
      lintWith((f) => {
        delete f['flow.json'].steps[finalAt(f)].final;
      }),
    ).toContain('steps/flow.json /steps: exactly one step must be final (found 0)');
  });

  it('catches a step after the final one', () => {
    const out = lintWith((f) => {
      const steps = f['flow.json'].steps;
      const at = finalAt(f);
      steps.splice(at - 1, 0, steps.splice(at, 1)[0]);
    });
    expect(out.join('\n')).toMatch(/unreachable: it comes after the final step/);
  });

  it('catches a file that breaks its meta-schema', () => {
    expect(
      lintWith((f) => {
        f['medical/rules.json'].visibilty = [];
      }),
    ).toContain('steps/medical/rules.json /: unknown key "visibilty" (did you mean "visibility"?)');
    expect(
      lintWith((f) => {
        f['owner/ui.json'].owner_type['ui:widget'] = 'dropdown';
      }).join('\n'),
    ).toMatch(/steps\/owner\/ui.json \/owner_type\/ui:widget: must be equal to one of the allowed values/);
  });

  it('catches "required" in schema.json', () => {
    expect(
      lintWith((f) => {
        f['medical/schema.json'].required = ['insured_1'];
      }),
    ).toContain(
      'steps/medical/schema.json /required: "required" is not allowed in schema.json: use a required rule in rules.json',
    );
  });

  it('catches a missing file and a folder not in the flow', () => {
    expect(
      lintWith((f) => {
        delete f['lifestyle/ui.json'];
      }),
    ).toContain('steps/lifestyle/ui.json /: missing: every step needs ui.json');
    expect(
      lintWith((f) => {
        f['extra/schema.json'] = { type: 'object', properties: {} };
      }),
    ).toContain('steps/extra/schema.json /: folder "extra" is not listed in flow.json');
  });

  it('catches an unknown effect and an unknown operator', () => {
    expect(
      lintWith((f) => {
        f['plan-details/rules.json'].effects[0].op = 'shuffle';
      }).join('\n'),
    ).toMatch(/plan-details\/rules.json \/effects\/0/);
    expect(
      lintWith((f) => {
        f['tax-information/rules.json'].visibility[0].showIf = { equals: [1, 1] };
      }),
    ).toContain('steps/tax-information/rules.json /visibility/0: unknown operation "equals"');
  });

  it("catches a reset's kept field that is not in the step", () => {
    const out = lintWith((f) => {
      const reset = (f['owner/rules.json'].effects as Json[]).find((e) => e.op === 'reset')!;
      reset.params.keep = ['id', 'clientid'];
    });
    expect(out.join('\n')).toMatch(/owner\/rules.json \/effects\/0: .*"clientid".*did you mean client_id/);
  });

  it('catches a page field that is not in the step', () => {
    let at = -1;
    expect(
      lintWith((f) => {
        at = stepIndex(f, 'basic');
        f['flow.json'].steps[at].pages[1].fields = ['speaks_english_frenchh'];
      }),
    ).toContain(
      `steps/flow.json /steps/${at}/pages/1/fields/0: page field "speaks_english_frenchh" is not a field of steps/basic/schema.json (did you mean speaks_english_french?)`,
    );
  });

  it('catches an example that its step rejects', () => {
    const out = lintWith((f) => {
      f['purpose-of-insurance/examples/income-replacement.json'].data['purpose-of-insurance'].purpose_of_insurance =
        null;
    });
    expect(out).toContain(
      `steps/purpose-of-insurance/examples/income-replacement.json /data/purpose-of-insurance/purpose_of_insurance: example is not valid: ${specText('purpose-of-insurance.validation.purpose_of_insurance.required.message')}`,
    );
  });

  it('catches a message placeholder with no param', () => {
    const out = lintWith((f) => {
      f['plan-details/rules.json'].validation[0].message = 'Pick one of {count}';
    });
    expect(out).toContain('steps/plan-details/rules.json /validation/0: message placeholder {count} has no param');
  });
});
