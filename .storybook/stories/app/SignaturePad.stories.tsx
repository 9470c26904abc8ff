import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SignaturePad } from '../../../app/signing/SignaturePad.tsx';
import { storyLanguage } from '../../appText.ts';
import { serverMessage } from './serverText.ts';

/** The signature pad: draw with finger or mouse, or type the name. */
const meta = {
  title: 'App/Signature pad',
  component: SignaturePad,
  args: { id: 'story', name: 'Claire Tremblay', onChange: fn() },
  decorators: [
    (Story) => (
      <div className="card" style={{ maxWidth: 560, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SignaturePad>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** A stroke drawn with pointer events, as a finger or a mouse would. */
export const Drawn: Story = {
  play: async ({ args, canvasElement }) => {
    const pad = canvasElement.querySelector('canvas');
    if (!pad) throw new Error('no signature pad');
    const r = pad.getBoundingClientRect();
    const at = (type: string, x: number, y: number) =>
      pad.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId: 1,
          isPrimary: true,
          pointerType: 'touch',
          clientX: r.left + x,
          clientY: r.top + y,
        }),
      );
    at('pointerdown', 30, 110);
    for (let i = 0; i <= 40; i++) at('pointermove', 30 + i * 9, 110 - Math.sin(i / 3) * 40);
    at('pointerup', 390, 100);
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        method: 'drawn',
        name: 'Claire Tremblay',
        image: expect.stringMatching(/^data:image\/png;base64,/),
      }),
    );
  },
};

/** A signer the answers do not name (the adviser, a guardian) gives their name above the pad. */
export const UnnamedSigner: Story = { args: { name: null } };

export const Typed: Story = { args: { initialMode: 'typed' } };

/** The server refused the typed name: its message (in the language shown) under the pad. */
export const WithError: Story = {
  args: { initialMode: 'typed' },
  render: (args) => (
    <SignaturePad
      {...args}
      error={args.error ?? serverMessage('signatureFor', storyLanguage(), { name: 'Claire Tremblay' })}
    />
  ),
};
