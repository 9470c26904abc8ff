import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import SigningPage from '../../../app/signing/SigningPage.tsx';
import { appText, asShown, storyLanguage } from '../../appText.ts';
import { signIn } from './mockApi.ts';
import { serverMessage } from './serverText.ts';
import { mockSigningApi, SIGNING_DONE, SIGNING_IN_PROGRESS, type SigningApi } from './mockSigningApi.ts';
import type { SigningState } from '../../../app/signing/types.ts';

/** The signing ceremony at /applications/:id/sign, over a stand-in signing API. */
const meta = {
  title: 'App/Signing',
  component: SigningPage,
  parameters: { layout: 'fullscreen' },
  // Each story swaps window.fetch for its own stand-in API, which a docs page of all of them would mix up.
  tags: ['!autodocs'],
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/applications/app-1/sign']}>
        <Routes>
          <Route path="/applications/:applicationId/sign" element={<Story />} />
        </Routes>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof SigningPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const api =
  (state: SigningState, mode: SigningApi = 'ok'): Story['beforeEach'] =>
  () => {
    const signOut = signIn();
    const restore = mockSigningApi(state, mode);
    return () => {
      restore();
      signOut();
    };
  };

/** The first signer has signed; the payor's turn, with an empty pad. */
export const InProgress: Story = { beforeEach: api(SIGNING_IN_PROGRESS) };

/** The payor signs by typing the name, shown in a script font. */
export const Typed: Story = {
  beforeEach: api(SIGNING_IN_PROGRESS),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: appText('signing.pad.type') }));
    await userEvent.type(canvas.getByRole('textbox', { name: appText('signing.pad.typeLabel') }), 'Claire Tremblay');
  },
};

/** The server refuses the signature: its message shows beside the name. */
export const WithError: Story = {
  beforeEach: api(SIGNING_IN_PROGRESS, 'refuses'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox'));
    await userEvent.click(canvas.getByRole('radio', { name: appText('signing.pad.type') }));
    await userEvent.type(canvas.getByRole('textbox', { name: appText('signing.pad.typeLabel') }), 'Someone Else');
    await userEvent.click(canvas.getByRole('button', { name: appText('signing.sign') }));
    // The server's refusal, in the language the page asked for: the payor's turn, so the payor's name.
    const refusal = serverMessage('signatureFor', storyLanguage(), { name: 'Claire Tremblay' });
    await expect(await canvas.findByText(asShown(refusal))).toBeVisible();
  },
};

/** Everyone has signed: links to the signed PDFs. */
export const Done: Story = { beforeEach: api(SIGNING_DONE) };
