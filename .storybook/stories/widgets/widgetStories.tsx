/**
 * The renderer's widgets, each in its states (empty, filled, error, read-only), drawn the way advisers see them:
 * through StepForm, the engine and the renderer's registry, over a one-field step definition made here. The
 * labels, values and messages are taken from the real steps.
 */
import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ajvSchemaChecks,
  createEngine,
  type Definitions,
  type JsonObject,
  type RulesDefinition,
  type StepDefinition,
} from '../../../engine/index.ts';
import { StepForm } from '../../../renderer/StepForm.tsx';

type Obj = Record<string, unknown>;

interface WidgetSpec {
  /** What the widget is for, shown on its docs page. */
  description: string;
  properties: Record<string, Obj>;
  ui: Obj;
  filled: JsonObject;
  /** The rules shown in the Error story (on the empty record, after a refused Next). */
  validation?: RulesDefinition['validation'];
  /** Extra top-level ui (ui:sections). */
  rootUi?: Obj;
  /** Widgets without an error state (a read-only value, a note). */
  noError?: boolean;
}

const nullable = (type: string): Obj => ({ type: [type, 'null'] });

/** One spec per widget name of docs/definition-format.md, plus the list (array) template. */
export const WIDGETS: Record<string, WidgetSpec> = {
  text: {
    description: 'Plain text (the default for a string field).',
    properties: { first_name: nullable('string') },
    ui: { first_name: { 'ui:title': 'First Name', 'ui:placeholder': 'Enter first name' } },
    filled: { first_name: 'Margaret' },
    validation: [{ field: 'first_name', required: true, message: 'First name is required' }],
  },
  email: {
    description: 'An email address.',
    properties: {
      email: {
        type: ['string', 'null'],
        format: 'email',
        errorMessage: { format: 'Please enter a valid email address' },
      },
    },
    ui: { email: { 'ui:title': 'Email Address', 'ui:widget': 'email' } },
    filled: { email: 'margaret.leblanc@example.com' },
    validation: [{ field: 'email', required: true, message: 'Email is required' }],
  },
  number: {
    description: 'A whole number or decimal; anything else is kept as typed so the definition’s message shows.',
    properties: { years_at_address: nullable('integer') },
    ui: { years_at_address: { 'ui:title': 'Years at Current Address' } },
    filled: { years_at_address: 11 },
    validation: [
      { field: 'years_at_address', required: true, message: 'Please enter the number of years at this address' },
    ],
  },
  money: {
    description: 'An amount in Canadian dollars: the raw amount while editing, “$1,650,000” otherwise.',
    properties: { total_assets: nullable('number') },
    ui: { total_assets: { 'ui:title': 'Total Assets', 'ui:widget': 'money' } },
    filled: { total_assets: 1650000 },
    validation: [{ field: 'total_assets', required: true, message: 'Total assets is required' }],
  },
  phone: {
    description: 'A phone number.',
    properties: { phone_primary: nullable('string') },
    ui: {
      phone_primary: { 'ui:title': 'Mobile Phone Number', 'ui:widget': 'phone', 'ui:placeholder': '(416) 555-0134' },
    },
    filled: { phone_primary: '(416) 555-0134' },
    validation: [{ field: 'phone_primary', required: true, message: 'Mobile phone is required' }],
  },
  postalCode: {
    description: 'A Canadian postal code, upper-cased as typed.',
    properties: { postal_code: nullable('string') },
    ui: { postal_code: { 'ui:title': 'Postal Code', 'ui:widget': 'postalCode' } },
    filled: { postal_code: 'M5H 1K4' },
    validation: [{ field: 'postal_code', required: true, message: 'Postal code is required' }],
  },
  sinPart: {
    description:
      'The SIN in three parts of three digits on one row (a section with "layout": "row"); focus moves on after the third digit.',
    properties: { sin_1: nullable('string'), sin_2: nullable('string'), sin_3: nullable('string') },
    ui: {
      sin_1: { 'ui:title': 'SIN (first 3)', 'ui:widget': 'sinPart' },
      sin_2: { 'ui:title': 'SIN (middle 3)', 'ui:widget': 'sinPart' },
      sin_3: { 'ui:title': 'SIN (last 3)', 'ui:widget': 'sinPart' },
    },
    rootUi: {
      'ui:sections': [
        { id: 'sin', title: 'Social Insurance Number', fields: ['sin_1', 'sin_2', 'sin_3'], layout: 'row' },
      ],
    },
    filled: { sin_1: '046', sin_2: '454', sin_3: '286' },
    validation: [{ field: 'sin_1', required: true, message: 'Please enter the full SIN' }],
  },
  date: {
    description: 'A calendar date (YYYY-MM-DD).',
    properties: {
      date_of_birth: {
        type: ['string', 'null'],
        format: 'date',
        errorMessage: { format: 'Please enter a valid date' },
      },
    },
    ui: { date_of_birth: { 'ui:title': 'Date of Birth', 'ui:widget': 'date' } },
    filled: { date_of_birth: '1986-04-12' },
    validation: [{ field: 'date_of_birth', required: true, message: 'Date of birth is required' }],
  },
  textarea: {
    description: 'Several lines of text.',
    properties: { replacement_analysis: nullable('string') },
    ui: {
      replacement_analysis: {
        'ui:title': 'Replacement Analysis',
        'ui:widget': 'textarea',
        'ui:help': 'Explain why the new policy serves the client better.',
      },
    },
    filled: {
      replacement_analysis:
        'The 20-year term renews in 2032 at a much higher premium. The new Term 30 gives level premiums to age 76 with a higher face amount.',
    },
    validation: [
      {
        field: 'replacement_analysis',
        required: true,
        message: 'Please provide a replacement analysis for Proposed Insured 1',
      },
    ],
  },
  select: {
    description: 'A drop-down of the enum’s choices, labelled by ui:enumNames.',
    properties: { province: { type: ['string', 'null'], enum: ['AB', 'BC', 'ON', 'QC', 'NS', null] } },
    ui: {
      province: {
        'ui:title': 'Province',
        'ui:widget': 'select',
        'ui:enumNames': { AB: 'Alberta', BC: 'British Columbia', ON: 'Ontario', QC: 'Quebec', NS: 'Nova Scotia' },
      },
    },
    filled: { province: 'ON' },
    validation: [{ field: 'province', required: true, message: 'Please select a province' }],
  },
  radio: {
    description: 'Radio buttons, one per choice.',
    properties: { illustration_status: { type: ['string', 'null'], enum: ['attached', 'not_completed', null] } },
    ui: {
      illustration_status: {
        'ui:title': 'Illustration Status',
        'ui:widget': 'radio',
        'ui:enumNames': { attached: 'Illustration attached', not_completed: 'Illustration not completed' },
      },
    },
    filled: { illustration_status: 'attached' },
    validation: [{ field: 'illustration_status', required: true, message: 'Please select an illustration status' }],
  },
  yesNo: {
    description: 'Yes / No radios for a boolean question.',
    properties: { is_smoker: nullable('boolean') },
    ui: {
      is_smoker: {
        'ui:title': 'Has the insured used tobacco or nicotine in the last 12 months?',
        'ui:widget': 'yesNo',
      },
    },
    filled: { is_smoker: false },
    validation: [{ field: 'is_smoker', required: true, message: 'Please answer this question' }],
  },
  checkbox: {
    description: 'A single checkbox with its label beside it.',
    properties: { is_po_box: { type: 'boolean' } },
    ui: { is_po_box: { 'ui:title': 'Is this a PO Box address?', 'ui:widget': 'checkbox' } },
    filled: { is_po_box: true },
    validation: [
      {
        field: 'is_po_box',
        when: { '!==': [{ var: 'widget.is_po_box' }, true] },
        message: 'Please confirm the address',
      },
    ],
  },
  checkboxes: {
    description: 'Several checkboxes for a list of enum values.',
    properties: {
      source_of_payment: {
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: ['employment_income', 'investment_income', 'savings', 'other'] },
      },
    },
    ui: {
      source_of_payment: {
        'ui:title': 'Source of Payment',
        'ui:widget': 'checkboxes',
        'ui:enumNames': {
          employment_income: 'Employment income',
          investment_income: 'Investment income',
          savings: 'Savings',
          other: 'Other',
        },
      },
    },
    filled: { source_of_payment: ['employment_income', 'savings'] },
    validation: [
      { field: 'source_of_payment', required: true, message: 'Please select at least one source of payment' },
    ],
  },
  toggleButton: {
    description: 'A button that switches a boolean (ui:options onLabel / offLabel).',
    properties: { has_second_individual: { type: 'boolean' } },
    ui: {
      has_second_individual: {
        'ui:title': 'Second Individual Owner',
        'ui:widget': 'toggleButton',
        'ui:options': { onLabel: 'Remove Second Individual', offLabel: 'Add Second Individual' },
      },
    },
    filled: { has_second_individual: true },
    validation: [
      {
        field: 'has_second_individual',
        when: { '!==': [{ var: 'widget.has_second_individual' }, true] },
        message: 'Please add the second individual owner',
      },
    ],
  },
  choiceButtons: {
    description: 'One large button per choice: picking one goes on to the next page.',
    properties: { number_of_insureds: { type: ['integer', 'null'], enum: [1, 2, null] } },
    ui: {
      number_of_insureds: {
        'ui:title': 'How many proposed insureds do you have in this application?',
        'ui:widget': 'choiceButtons',
        'ui:enumNames': { 1: '1 Insured', 2: '2 Insureds' },
      },
    },
    filled: { number_of_insureds: 2 },
    validation: [{ field: 'number_of_insureds', required: true, message: 'Please select the number of insureds' }],
  },
  lookupSelect: {
    description:
      'A select whose options come from a list of the page (ui:options source), such as the adviser’s clients.',
    properties: { client_id: { type: ['string', 'integer', 'null'] } },
    ui: {
      client_id: {
        'ui:title': 'Select Client',
        'ui:widget': 'lookupSelect',
        'ui:options': {
          source: 'clients',
          firstOption: { value: '__new__', label: 'Create New Client' },
          optionLabel: '{first_name} {last_name} ({date_of_birth})',
        },
      },
    },
    filled: { client_id: '1024' },
    validation: [{ field: 'client_id', required: true, message: 'Please select a client or create a new one.' }],
  },
  readonly: {
    description: 'A value shown but not edited here (computed, or copied from another step).',
    properties: { net_worth: nullable('number') },
    ui: { net_worth: { 'ui:title': 'Net Worth', 'ui:widget': 'readonly', 'ui:options': { format: 'money' } } },
    filled: { net_worth: 1230000 },
    noError: true,
  },
  note: {
    description: 'A "type": "null" field that only shows its title and description (ui:options tone info or warning).',
    properties: { info_note: { type: 'null' }, warning_note: { type: 'null' } },
    ui: {
      info_note: {
        'ui:title': 'About this step',
        'ui:description': 'Answer for each proposed insured. Edit opens a step and brings you back here.',
        'ui:widget': 'note',
        'ui:options': { tone: 'info' },
      },
      warning_note: {
        'ui:title': 'Replacement',
        'ui:description': 'A replacement needs a replacement analysis and the policy number to be canceled.',
        'ui:widget': 'note',
        'ui:options': { tone: 'warning' },
      },
    },
    filled: {},
    noError: true,
  },
  list: {
    description:
      'A list of objects with Add and Remove (ui:options addLabel, removeLabel, itemTitle; maxItems from the schema).',
    properties: {
      primary_beneficiaries: {
        type: 'array',
        maxItems: 3,
        items: {
          type: 'object',
          properties: {
            full_name: nullable('string'),
            relationship: { type: ['string', 'null'], enum: ['spouse', 'child', 'parent', 'other', null] },
            share_percentage: nullable('number'),
          },
        },
      },
    },
    ui: {
      primary_beneficiaries: {
        'ui:title': 'Primary Beneficiaries',
        'ui:options': { addLabel: 'Add Primary Beneficiary', removeLabel: 'Remove', itemTitle: 'Beneficiary {n}' },
        items: {
          full_name: { 'ui:title': 'Full Name' },
          relationship: {
            'ui:title': 'Relationship',
            'ui:widget': 'select',
            'ui:enumNames': { spouse: 'Spouse', child: 'Child', parent: 'Parent', other: 'Other' },
          },
          share_percentage: { 'ui:title': 'Share (%)' },
        },
      },
    },
    filled: {
      primary_beneficiaries: [
        { full_name: 'Jean Leblanc', relationship: 'spouse', share_percentage: 60 },
        { full_name: 'Chloé Leblanc', relationship: 'child', share_percentage: 40 },
      ],
    },
    validation: [
      {
        field: 'primary_beneficiaries',
        when: { '==': [{ count: [{ var: 'widget.primary_beneficiaries' }] }, 0] },
        message: 'At least one primary beneficiary is required',
      },
    ],
  },
};

const STEP = 'widget';

const LOOKUPS = {
  clients: [
    { id: '1024', first_name: 'Daniel', last_name: 'Tremblay', date_of_birth: '1986-04-12' },
    { id: '2087', first_name: 'Arjun', last_name: 'Mehta', date_of_birth: '1979-09-03' },
  ],
};

function engineFor(spec: WidgetSpec, readonly: boolean) {
  const fields = Object.keys(spec.properties);
  const step: StepDefinition = {
    id: STEP,
    flow: { id: STEP, title: 'Widget' },
    schema: { type: 'object', additionalProperties: false, properties: spec.properties },
    ui: { 'ui:order': fields, ...spec.rootUi, ...spec.ui },
    rules: { validation: spec.validation ?? [], readonly: readonly ? [{ fields, when: true }] : [] },
    examples: {},
  };
  const definitions: Definitions = {
    flow: { review: STEP, steps: [step.flow] },
    steps: { [STEP]: step },
    order: [STEP],
  };
  return createEngine(definitions, ajvSchemaChecks());
}

interface WidgetCanvasProps {
  widget: string;
  record: JsonObject;
  showErrors: boolean;
  readonly: boolean;
}

/** One widget on a card, through StepForm. */
function WidgetCanvas({ widget, record, showErrors, readonly }: WidgetCanvasProps) {
  const engine = useMemo(() => engineFor(WIDGETS[widget], readonly), [widget, readonly]);
  return (
    <div className="card" style={{ maxWidth: 760 }}>
      <div className="card-body">
        <StepForm engine={engine} stepId={STEP} data={{ [STEP]: record }} showErrors={showErrors} lookups={LOOKUPS} />
      </div>
    </div>
  );
}

type Story = StoryObj<typeof WidgetCanvas>;

/**
 * The meta and the four states of one widget.
 * @param widget - a key of WIDGETS
 */
export function widgetStories(widget: string): {
  meta: Meta<typeof WidgetCanvas>;
  Empty: Story;
  Filled: Story;
  WithError: Story;
  ReadOnly: Story;
} {
  const spec = WIDGETS[widget];
  if (!spec) throw new Error(`No widget spec "${widget}"`);
  const base = { widget, record: {}, showErrors: false, readonly: false };
  return {
    meta: {
      component: WidgetCanvas,
      parameters: { docs: { description: { component: `\`"ui:widget": "${widget}"\` — ${spec.description}` } } },
      argTypes: { widget: { control: false } },
      render: (args) => <WidgetCanvas key={JSON.stringify(args)} {...args} />,
    },
    Empty: { args: base },
    Filled: { args: { ...base, record: spec.filled } },
    WithError: spec.noError
      ? {
          args: base,
          parameters: { docs: { description: { story: 'This widget has no error state: it shows as when empty.' } } },
        }
      : {
          args: { ...base, showErrors: true },
          parameters: { docs: { description: { story: 'Empty, after a refused Next.' } } },
        },
    ReadOnly: {
      args: { ...base, record: spec.filled, readonly: true },
      parameters: { docs: { description: { story: 'While a readonly rule holds (an insured owner’s copied ID).' } } },
    },
  };
}
