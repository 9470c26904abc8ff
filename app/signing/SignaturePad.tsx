import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Signature, SignatureMethod } from './types.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

export interface SignaturePadProps {
  /** Prefix of the element ids, unique on the page. */
  id: string;
  /** The signer's name from the answers; null when the signer gives it here (the adviser, a guardian). */
  name: string | null;
  /** Called with the signature as it stands (a drawing as a PNG data URL, or the typed name), null when there is none. */
  onChange: (value: Signature | null) => void;
  /** The message about the signature (the server's or the form's), shown under the pad. */
  error?: string;
  initialMode?: SignatureMethod;
}

/**
 * Sign by drawing (finger, pen or mouse: pointer events on a canvas) or by typing the name, shown in a script font.
 * Typing is the keyboard user's way to sign, so the mode switch is a pair of real radio buttons. A signer the answers
 * do not name gives their name in either mode: the signature records it.
 */
export function SignaturePad({ id, name, onChange, error, initialMode = 'drawn' }: SignaturePadProps) {
  const t = useT();
  const [mode, setMode] = useState<SignatureMethod>(initialMode);
  const [typed, setTyped] = useState('');
  const [given, setGiven] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  // Whether this stroke drew anything: read in pointerup, which may come before React renders the last move.
  const moved = useRef(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Draw at the device's pixel density so the signature is sharp on phones.
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * ratio);
    c.height = Math.round(c.clientHeight * ratio);
  }, [mode]);

  const emit = (next: { image?: string | null; typed?: string; given?: string }) => {
    const m = mode;
    const signerName = name ?? (next.given ?? given).trim();
    if (m === 'typed') {
      const text = (next.typed ?? typed).trim();
      onChange(text ? { method: 'typed', name: text } : null);
      return;
    }
    const drawing = next.image === undefined ? image : next.image;
    onChange(drawing ? { method: 'drawn', name: signerName, image: drawing } : null);
  };

  // In the canvas's own pixels: the bitmap keeps its size when the page's width changes, the box does not.
  function point(e: PointerEvent<HTMLCanvasElement>) {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  }
  function down(e: PointerEvent<HTMLCanvasElement>) {
    if (!e.isPrimary) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
    moved.current = false;
  }
  function move(e: PointerEvent<HTMLCanvasElement>) {
    const from = last.current;
    const c = e.currentTarget;
    const ctx = c.getContext('2d');
    if (!e.isPrimary || !from || !ctx) return;
    const to = point(e);
    ctx.strokeStyle = '#1a1a2e';
    ctx.lineWidth = 2.5 * (c.width / c.getBoundingClientRect().width || 1);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    moved.current = true;
  }
  function up(e: PointerEvent<HTMLCanvasElement>) {
    if (!e.isPrimary || !last.current) return;
    last.current = null;
    if (!moved.current) return;
    const drawing = e.currentTarget.toDataURL('image/png');
    setImage(drawing);
    emit({ image: drawing });
  }
  function clear() {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setImage(null);
    setTyped('');
    onChange(null);
  }
  function choose(next: SignatureMethod) {
    setMode(next);
    setImage(null);
    setTyped('');
    onChange(null);
  }

  const nameField = name === null && mode === 'drawn' && (
    <div className="field">
      <label htmlFor={`${id}-name`} className="field-label">
        {t('signing.pad.name')}
      </label>
      <input
        id={`${id}-name`}
        className="input"
        value={given}
        autoComplete="name"
        onChange={(e) => {
          setGiven(e.target.value);
          emit({ given: e.target.value });
        }}
      />
    </div>
  );

  return (
    <fieldset className="signature-pad" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{t('signing.pad.legend')}</legend>
      <div className="signature-modes" role="radiogroup" aria-label={t('signing.pad.how')}>
        <label className="signature-mode">
          <input type="radio" name={`${id}-mode`} checked={mode === 'drawn'} onChange={() => choose('drawn')} />{' '}
          {t('signing.pad.draw')}
        </label>
        <label className="signature-mode">
          <input type="radio" name={`${id}-mode`} checked={mode === 'typed'} onChange={() => choose('typed')} />{' '}
          {t('signing.pad.type')}
        </label>
      </div>
      {nameField}
      {mode === 'drawn' ? (
        <>
          <p id={hintId} className="text-sm muted signature-hint">
            {t('signing.pad.hint')}
          </p>
          <canvas
            ref={canvas}
            className="signature-canvas"
            role="img"
            aria-label={image ? t('signing.pad.drawn') : t('signing.pad.area')}
            aria-describedby={hintId}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
          />
        </>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-typed`} className="field-label">
            {t('signing.pad.typeLabel')}
          </label>
          {name !== null && (
            <p id={hintId} className="text-sm muted signature-hint">
              {t('signing.pad.asShown', { name })}
            </p>
          )}
          <input
            id={`${id}-typed`}
            className="input"
            value={typed}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [name !== null ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
            }
            onChange={(e) => {
              setTyped(e.target.value);
              emit({ typed: e.target.value });
            }}
          />
          {typed.trim() && (
            <p className="signature-typed" aria-hidden="true">
              {typed}
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={clear}>
        {t('signing.pad.clear')}
      </button>
    </fieldset>
  );
}
