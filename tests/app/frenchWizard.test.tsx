// @vitest-environment jsdom
/** The wizard in French: the French steps (built over steps/<id>/i18n/fr.json) and the app's French texts. */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import basicExample from '../../steps/basic/examples/new-application.json';
import basicFr from '../../steps/basic/i18n/fr.json';
import basicUi from '../../steps/basic/ui.json';
import flowFr from '../../steps/i18n/fr.json';
import insuredExample from '../../steps/proposed-insured/examples/one-insured.json';
import { activateLanguage } from '../../app/i18n/language.ts';
import { freshSignedIn, mockApi, renderRoute } from './support.tsx';

const fr = (key: keyof typeof basicFr) => (basicFr[key] as { en: string; fr: string }).fr;
const TYPE_LABEL_FR = fr('ui.json#/application_type/ui:title');
const CONTINUE_FR = fr('ui.json#/ui:options/nextLabel');
const CONTINUE_EN = basicUi['ui:options'].nextLabel;
const NEW_FR = fr('ui.json#/application_type/ui:enumNames/NEW');
const SELECT_FR = flowFr['flow.json#/words/select'].fr;
const EMPTY_LIST = flowFr['flow.json#/words/emptyList'];

const answers = {
  'GET /api/screening/3/?incomplete=true': () => ({
    body: { basic: { speaks_english_french: true, preferred_language: 'french', is_canadian_tax_resident: true } },
  }),
};

beforeEach(freshSignedIn);
afterEach(() => vi.unstubAllGlobals());

describe('the wizard in French', () => {
  it("draws a step's labels, options and buttons in French", async () => {
    await activateLanguage('fr');
    mockApi(answers);
    renderRoute('/client/3/screening/basic?page=application-type');
    // The first French step of the run builds the French flow and step modules: more time than a warm load.
    const type = await screen.findByRole('combobox', { name: new RegExp(TYPE_LABEL_FR) }, { timeout: 25000 });
    expect(within(type).getByRole('option', { name: NEW_FR })).toBeInTheDocument();
    // The drop-down's empty first choice is the flow's word in French too, not the renderer's English.
    expect(within(type).getAllByRole('option')[0]).toHaveTextContent(SELECT_FR);
    expect(screen.getByRole('button', { name: CONTINUE_FR })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
  });

  it("says a list with no row is empty in French, not in the renderer's English", async () => {
    await activateLanguage('fr');
    mockApi({
      'GET /api/screening/3/?incomplete=true': () => ({
        body: {
          basic: basicExample.data.basic,
          'proposed-insured': insuredExample.data['proposed-insured'],
        },
      }),
    });
    renderRoute('/client/3/screening/plan-details');
    // Plan details opens with no plan: its single life plans list is empty.
    expect((await screen.findAllByText(EMPTY_LIST.fr, {}, { timeout: 25000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText(EMPTY_LIST.en)).not.toBeInTheDocument();
  });

  it('loads the step again in French on a switch', async () => {
    mockApi({ ...answers, 'PATCH /api/clients/user_info/': () => ({ body: {} }) });
    renderRoute('/client/3/screening/basic?page=application-type');
    expect(await screen.findByRole('button', { name: CONTINUE_EN }, { timeout: 10000 })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('button', { name: CONTINUE_FR }, { timeout: 10000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: new RegExp(TYPE_LABEL_FR) })).toBeInTheDocument());
  });
});
