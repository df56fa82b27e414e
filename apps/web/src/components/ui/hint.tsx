import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

const OPEN_DELAY_MS = 300;
const GAP = 6;
const MARGIN = 8;

type TriggerProps = { 'aria-describedby'?: string };

/**
 * A small tooltip for the always-loaded app shell: opens after a short hover or at once on keyboard focus, closes
 * on leave, blur, click or Escape, and describes its trigger (aria-describedby) while open. It positions itself
 * from the trigger's box, so the shell does not carry a positioning library (pages may use `ui/tooltip`).
 */
export function Hint({
  label,
  side = 'bottom',
  children,
}: {
  /** Text, or text with a <kbd> shortcut. */
  label: ReactNode;
  side?: 'bottom' | 'top' | 'right';
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);

  const trigger = () => wrapper.current?.firstElementChild ?? null;
  const show = () => {
    window.clearTimeout(timer.current);
    const el = trigger();
    if (el) setAnchor(el.getBoundingClientRect());
  };
  const showLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(show, OPEN_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setAnchor(null);
    setPos(null);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [anchor]);

  // Measured before paint: centred on the trigger, kept inside the viewport.
  useLayoutEffect(() => {
    if (!anchor || !tip.current) return;
    const { width, height } = tip.current.getBoundingClientRect();
    const clamp = (v: number, max: number) => Math.max(MARGIN, Math.min(v, max - MARGIN));
    setPos(
      side !== 'right'
        ? {
            top: side === 'top' ? anchor.top - GAP - height : anchor.bottom + GAP,
            left: clamp(anchor.left + anchor.width / 2 - width / 2, window.innerWidth - width),
          }
        : {
            top: clamp(anchor.top + anchor.height / 2 - height / 2, window.innerHeight - height),
            left: anchor.right + GAP,
          },
    );
  }, [anchor, side]);

  return (
    <span
      ref={wrapper}
      className="contents"
      onMouseEnter={showLater}
      onMouseLeave={hide}
      onFocus={(e) => (e.target as HTMLElement).matches(':focus-visible') && show()}
      onBlur={hide}
      onPointerDown={hide}
    >
      {cloneElement(children, { 'aria-describedby': anchor ? id : children.props['aria-describedby'] })}
      {anchor &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            style={pos ?? { top: 0, left: 0, visibility: 'hidden' }}
            className="pointer-events-none fixed z-50 max-w-xs animate-fade-in rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
          >
            {label}
          </div>,
          document.body,
        )}
    </span>
  );
}
