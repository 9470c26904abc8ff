import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '../../../app/router/MemoryRouter.tsx';
import { Routes } from '../../../app/router/Routes.tsx';
import { expect, userEvent, within } from 'storybook/test';
import { i18n } from '../../../app/i18n/language.ts';
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
        <Routes routes={[{ path: '/applications/:applicationId/sign', element: <Story /> }]} />
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

/**
 * Waits for the reader, which works outside React (pdf.js' worker): a plain poll, since testing-library's waitFor
 * runs its checks inside act() and React then warns about the reader's own updates.
 */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error(`not done within ${ms} ms`);
}

/**
 * The document drawn in the page, page by page (pdf.js): each page a labelled image, drawn when near the screen, with
 * the links to the file itself.
 */
export const ReadsThePages: Story = {
  beforeEach: api(SIGNING_IN_PROGRESS),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // In the story's language (the storybook-fr project draws it in French).
    const name = 'bmo-application.pdf';
    const list = () => canvas.queryByRole('list', { name: i18n._('signing.pages', { name }) });
    await until(() => list() !== null);
    const images = within(list() ?? canvasElement).getAllByRole('img');
    await expect(images.map((el) => el.getAttribute('aria-label'))).toEqual([
      i18n._('signing.pageOfDocument', { page: 1, count: 2, name }),
      i18n._('signing.pageOfDocument', { page: 2, count: 2, name }),
    ]);
    // The first page is on screen: pdf.js draws it, and its sheet says so.
    await until(() => images[0].parentElement?.dataset.state === 'drawn');
    const first = images[0] as HTMLCanvasElement;
    await expect(first.width).toBeGreaterThanOrEqual(Math.floor(first.getBoundingClientRect().width) - 1);
    await expect(canvas.getByRole('link', { name: i18n._('signing.open', { name }) })).toHaveAttribute(
      'href',
      expect.stringMatching(/^blob:/),
    );
  },
};

/** A file the reader cannot open: said plainly, with the links to open or download it. */
export const UnreadableDocument: Story = {
  beforeEach: api(SIGNING_IN_PROGRESS, 'unreadable'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = 'bmo-application.pdf';
    await until(() => canvas.queryByText(i18n._('signing.cannotShow', { name })) !== null);
    await expect(canvas.getByText(i18n._('signing.cannotShow', { name }))).toBeVisible();
    await expect(canvas.getByRole('link', { name: i18n._('signing.download', { name }) })).toBeVisible();
  },
};

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
