import { useEffect, useRef, useState, type PointerEvent } from "react";

/** docs/behaviour.md §9: a 500x200 drawing space, line width 2, black. CSS scales it to the screen width. */
export const SIGNATURE_WIDTH = 500;
export const SIGNATURE_HEIGHT = 200;

export type SignaturePadProps = {
  id: string;
  label: string;
  /** The form name of the drawing, posted as a PNG data URL once there is one. */
  name: string;
  /** The typed-name input's form name: posted as it is, the server renders it as the signature. */
  typedInputName: string;
  error?: string;
  autoFocus?: boolean;
  /** The pad's words in the page's language (`financing.signaturePad`, the canvas's name already made). */
  text: { drawHint: string; noScript: string; canvasLabel: string; clear: string; signed: string; typedLabel: string; useTyped: string };
};

/**
 * Signature capture, an island (decision 153): draw with mouse, touch or pen (pointer events); the image is
 * stored when a stroke ends and goes with the form in a hidden field. Keyboard users type their name instead,
 * and it is rendered into the same canvas as the signature image. Clear empties it and hides Clear.
 * Before it hydrates, and with JavaScript off, the typed name is the signature (the server renders it), and
 * the drawing area and its button, which need JavaScript, are not shown: their place is kept (decision 125).
 */
export function SignaturePad({ id, label, name, typedInputName, error, autoFocus, text: m }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const typedRef = useRef<HTMLInputElement | null>(null);
  const drawing = useRef(false);
  /** A PNG data URL, or "" when unsigned. */
  const [value, setValue] = useState("");
  // The typed name as the shopper types it; the input is left uncontrolled so what was typed before the
  // pad hydrated stays.
  const [typedName, setTypedName] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setTypedName(typedRef.current?.value ?? "");
    setHydrated(true);
  }, []);

  const context = () => {
    const ctx = canvasRef.current?.getContext("2d");
    if (ctx) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = "#000000";
      ctx.fillStyle = "#000000";
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
    }
    return ctx;
  };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) * SIGNATURE_WIDTH) / rect.width, y: ((e.clientY - rect.top) * SIGNATURE_HEIGHT) / rect.height };
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const ctx = context();
    if (!ctx) return;
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(p.x + 0.01, p.y);
    ctx.stroke();
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const rect = e.currentTarget.getBoundingClientRect();
    for (const ev of events.length ? events : [e.nativeEvent]) {
      ctx.lineTo(((ev.clientX - rect.left) * SIGNATURE_WIDTH) / rect.width, ((ev.clientY - rect.top) * SIGNATURE_HEIGHT) / rect.height);
    }
    ctx.stroke();
  };

  const endStroke = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setValue(canvasRef.current!.toDataURL("image/png"));
  };

  const clear = () => {
    context()?.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    setTypedName("");
    if (typedRef.current) typedRef.current.value = "";
    setValue("");
    // Clear disappears, so keep focus inside the field.
    typedRef.current?.focus();
  };

  const signWithTypedName = () => {
    const name = typedName.trim();
    const ctx = context();
    if (!name || !ctx) return;
    ctx.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    let size = 56;
    const fontFor = (px: number) => `italic ${px}px "Brush Script MT", "Segoe Script", cursive, serif`;
    ctx.font = fontFor(size);
    while (size > 16 && ctx.measureText(name).width > SIGNATURE_WIDTH - 40) ctx.font = fontFor(--size);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(name, SIGNATURE_WIDTH / 2, SIGNATURE_HEIGHT / 2);
    setValue(canvasRef.current!.toDataURL("image/png"));
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const typedId = `${id}-typed`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-gray-900">
        {label} <span aria-hidden="true">*</span>
      </legend>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {m.drawHint}
      </p>
      <noscript>
        <p className="mt-1 text-sm font-medium text-gray-900">{m.noScript}</p>
      </noscript>
      <canvas
        ref={canvasRef}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        role="img"
        aria-label={m.canvasLabel}
        data-testid={`${id}-canvas`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endStroke}
        onPointerCancel={endStroke}
        className={`mt-2 block aspect-[5/2] w-full max-w-[500px] cursor-crosshair touch-none rounded-md border-2 bg-white ${
          error ? "border-red-700" : "border-gray-400"
        } ${hydrated ? "" : "invisible"}`}
      />
      <div className="mt-2 flex min-h-10 items-center gap-3">
        {value ? (
          <>
            <button type="button" onClick={clear} className="button-secondary button-sm">
              {m.clear}
            </button>
            <span className="text-sm text-green-800" role="status">
              {m.signed}
            </span>
          </>
        ) : null}
      </div>
      <div className="mt-2 flex max-w-[500px] flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={typedId} className="block text-sm font-medium text-gray-900">
            {m.typedLabel}
          </label>
          <input
            id={typedId}
            ref={typedRef}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
            autoFocus={autoFocus}
            type="text"
            name={typedInputName}
            autoComplete="name"
            maxLength={100}
            onChange={(e) => setTypedName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                signWithTypedName();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-red-700"
          />
        </div>
        <button
          type="button"
          onClick={signWithTypedName}
          disabled={!typedName.trim()}
          className={`${hydrated ? "" : "invisible"} rounded-md bg-gray-900 px-3 py-2 text-sm font-semibold text-white hover:bg-gray-800 disabled:bg-gray-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700`}
        >
          {m.useTyped}
        </button>
      </div>
      {value ? <input type="hidden" name={name} value={value} /> : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
