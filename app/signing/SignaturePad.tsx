import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { SignatureMethod } from './types.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

export interface SignaturePadProps {
  /** Prefix of the element ids, unique on the page. */
  id: string;
  /** The signer's name, offered as the typed signature. */
  name: string;
  /** Called with the drawing (PNG data URL) or null when cleared; typed mode passes the typed name. */
  onChange: (value: { method: SignatureMethod; name: string; image?: string } | null) => void;
  /** The server's message about the signature, shown under the pad. */
  error?: string;
  initialMode?: SignatureMethod;
}

/**
 * Sign by drawing (finger, pen or mouse: pointer events on a canvas) or by typing the name, shown in a script font.
 * Typing is the keyboard user's way to sign, so the mode switch is a pair of real radio buttons.
 */
export function SignaturePad({ id, name, onChange, error, initialMode = 'drawn' }: SignaturePadProps) {
  const t = useT();
  const [mode, setMode] = useState<SignatureMethod>(initialMode);
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const errorId = `${id}-error`;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Draw at the device's pixel density so the signature is sharp on phones.
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext('2d');
    ctx?.scale(ratio, ratio);
  }, [mode]);

  function point(e: PointerEvent<HTMLCanvasElement>) {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }
  function down(e: PointerEvent<HTMLCanvasElement>) {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
  }
  function move(e: PointerEvent<HTMLCanvasElement>) {
    const from = last.current;
    const ctx = e.currentTarget.getContext('2d');
    if (!from || !ctx) return;
    const to = point(e);
    ctx.strokeStyle = '#1a1a2e';
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    setDrawn(true);
  }
  function up(e: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    last.current = null;
    if (drawn) onChange({ method: 'drawn', name, image: e.currentTarget.toDataURL('image/png') });
  }
  function clear() {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
    setTyped('');
    onChange(null);
  }
  function choose(next: SignatureMethod) {
    setMode(next);
    setDrawn(false);
    setTyped('');
    onChange(null);
  }

  return (
    <fieldset className="signature-pad" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{t('signing.pad.legend')}</legend>
      <div className="signature-modes" role="radiogroup" aria-label={t('signing.pad.how')}>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'drawn'} onChange={() => choose('drawn')} />{' '}
          {t('signing.pad.draw')}
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'typed'} onChange={() => choose('typed')} />{' '}
          {t('signing.pad.type')}
        </label>
      </div>
      {mode === 'drawn' ? (
        <canvas
          ref={canvas}
          className="signature-canvas"
          role="img"
          aria-label={drawn ? t('signing.pad.drawn') : t('signing.pad.area')}
          style={{ touchAction: 'none' }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
        />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-typed`} className="field-label">
            {t('signing.pad.typeLabel')}
          </label>
          <input
            id={`${id}-typed`}
            className="input"
            value={typed}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              onChange(e.target.value.trim() ? { method: 'typed', name: e.target.value } : null);
            }}
          />
          {typed && (
            <p className="signature-typed" aria-hidden="true">
              {typed}
            </p>
          )}
        </div>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={clear}>
        {t('signing.pad.clear')}
      </button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
