import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { loginCalls } from '../../calls';
import type { SliderChallenge, SliderVerifyBody } from '../../contracts/login';
import { request } from '../../request/client';
import styles from './SliderVerify.module.css';

export interface SliderVerifyProps {
  /** Called with the server's one-time proof on success. */
  onChange?(proof: string): void;
  /**
   * Bump to show a fresh slider (e.g. after a failed login consumed the proof). Quietly: the
   * caller that asks for it drops its proof itself (a form resets the field, so no
   * "please slide" error appears for a slide the user did right).
   */
  resetKey?: number;
  /**
   * Width in px; default 340. Narrower when its container is (`max-width: 100%`, a phone): the
   * travel is measured as drawn, and again whenever the slider's size changes.
   */
  width?: number;
}

type Phase = 'idle' | 'dragging' | 'verifying' | 'success' | 'failed';

export const SLIDER_TEXTS = {
  idle: '请按住滑块，拖动到最右边',
  verifying: '验证中…',
  success: '验证通过',
  failed: '验证失败，请重试',
  /** The keyboard's way, shown while the handle has the keyboard focus (and its description). */
  keyboard: '请按右方向键或 End 键滑到最右边',
} as const;

const HANDLE_PX = 40;
/** The server accepts a track that ends within this many px of the end. */
const END_TOLERANCE_PX = 4;
/** How long 验证失败，请重试 stays before the handle goes back to the start. */
const FAILED_RESET_MS = 1200;
/** Keyboard: one press of → or ↑ moves the handle this share of the travel. */
const KEY_STEP_SHARE = 0.2;
/** Keyboard: a glide lasts this long, plus GLIDE_PER_TRAVEL_MS for the whole travel. */
const GLIDE_BASE_MS = 200;
const GLIDE_PER_TRAVEL_MS = 500;
/**
 * A frame later than this (a busy phone) advances a glide by this much only: each sample
 * stays a small step (the server refuses a step over half the width), the glide just slower.
 */
const GLIDE_MAX_FRAME_MS = 50;

const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

/** A keyboard move under way: the handle glides from `from` to `to` px, one sample a frame. */
interface Glide {
  from: number;
  to: number;
  durationMs: number;
  /** ms of the glide done (each frame counts at most GLIDE_MAX_FRAME_MS). */
  doneMs: number;
  lastFrameAt: number;
}

interface Drag {
  /** The pointer dragging; null for the keyboard. */
  pointerId: number | null;
  startX: number;
  startedAt: number;
  /** px the handle can move in the slider as drawn when pressed. */
  travel: number;
  x: number;
  track: Array<[number, number]>;
  challenge: Promise<SliderChallenge>;
  glide?: Glide;
}

/**
 * Slider human-check: press the handle, drag it to the right end, release. The press
 * fetches a challenge; the recorded track `[[x, t], …]` goes to the server, whose one-time
 * proof is handed to `onChange`. Released early → back to the start.
 *
 * By keyboard (Tab to the handle): → / ↑ glide it a fifth of the way, End all the way, ← / ↓ /
 * Home back to the start. A glide is sampled once a frame like a drag and eases out, so its
 * track passes the server's rules (docs/auth.md "Login calls") as a hand's does.
 */
export function SliderVerify({ onChange, resetKey, width = 340 }: SliderVerifyProps): ReactNode {
  // The slider is as wide as `width` unless its container is narrower (a 320 px phone draws
  // the login's 340 at 208): the travel is measured as drawn — on mount, on every change of
  // the slider's size (a phone turned) and on each press — so that its end is where the handle ends.
  const [measuredTravel, setMeasuredTravel] = useState<number | null>(null);
  const travel = measuredTravel ?? Math.max(1, width - HANDLE_PX);
  const slider = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  /** Whether the attempt under way is the keyboard's (its label tells the keys). */
  const [byKeyboard, setByKeyboard] = useState(false);
  const [x, setX] = useState(0);
  const drag = useRef<Drag | null>(null);
  // Bumped by every reset: answers of an older attempt are ignored.
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const frame = useRef<number | undefined>(undefined);
  const hintId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const reset = useCallback(() => {
    attempt.current += 1;
    drag.current = null;
    clearTimeout(timer.current);
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
    setPhase('idle');
    setX(0);
  }, []);

  /** px the handle can move in the slider as drawn (from `width` where nothing is laid out). */
  const measure = useCallback(() => {
    // clientWidth: inside the border, where the handle moves (0 where nothing is laid out).
    const drawn = slider.current?.clientWidth ?? 0;
    return drawn > HANDLE_PX ? drawn - HANDLE_PX : Math.max(1, width - HANDLE_PX);
  }, [width]);

  // Kept as drawn: a drag under way when the size changes (a phone turned mid-drag) starts
  // over, since its end moved; a slider passed keeps its handle at the (new) end.
  useLayoutEffect(() => {
    const element = slider.current;
    const remeasure = () => {
      const next = measure();
      setMeasuredTravel(next);
      if (drag.current && drag.current.travel !== next) reset();
    };
    remeasure();
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(remeasure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, reset]);

  const firstResetKey = useRef(resetKey);
  // A layout effect: the reset is drawn in the same commit as the new key, so a caller's
  // flushSync returns with the slider idle. In a passive effect its state updates waited for a
  // later render, and a press in between was ignored (still 'success') or its drag undone.
  useLayoutEffect(() => {
    if (resetKey === firstResetKey.current) return;
    firstResetKey.current = resetKey;
    reset();
  }, [resetKey, reset]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  function record(current: Drag, clientX: number) {
    recordAt(current, clientX - current.startX);
  }

  /** Samples the handle at `offset` px (clamped to the travel), now. */
  function recordAt(current: Drag, offset: number) {
    const next = Math.min(current.travel, Math.max(0, offset));
    current.x = next;
    const point: [number, number] = [Math.round(next), Math.round(performance.now() - current.startedAt)];
    const last = current.track[current.track.length - 1];
    // The server wants each sample at a later millisecond than the one before (two at one
    // moment would be an infinitely fast move): a later event of the same millisecond
    // replaces the sample — never the press's, which is where the drag began.
    if (point[1] > last[1]) current.track.push(point);
    else if (current.track.length > 1) current.track[current.track.length - 1] = point;
    setX(next);
  }

  async function verify(current: Drag) {
    const mine = attempt.current;
    drag.current = null;
    setPhase('verifying');
    setX(current.travel);
    try {
      const { challengeId } = await current.challenge;
      const body: SliderVerifyBody = { challengeId, width: current.travel, track: current.track };
      const { proof } = await request.call(loginCalls.sliderVerify, body);
      if (mine !== attempt.current) return;
      setPhase('success');
      onChangeRef.current?.(proof);
    } catch {
      if (mine !== attempt.current) return;
      setPhase('failed');
      timer.current = setTimeout(() => {
        if (mine === attempt.current) reset();
      }, FAILED_RESET_MS);
    }
  }

  /** A new attempt from the start: fetches its challenge, measures the travel. */
  function begin(pointerId: number | null, startX: number): Drag {
    const challenge = request.call(loginCalls.sliderChallenge, {});
    // Awaited on release at the end; a failure then shows 验证失败，请重试.
    challenge.catch(() => undefined);
    const pressTravel = measure();
    setMeasuredTravel(pressTravel);
    const started: Drag = {
      pointerId,
      startX,
      startedAt: performance.now(),
      travel: pressTravel,
      x: 0,
      track: [[0, 0]],
      challenge,
    };
    drag.current = started;
    setByKeyboard(pointerId === null);
    setPhase('dragging');
    return started;
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (phase !== 'idle' || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    begin(event.pointerId, event.clientX);
  }

  /** One frame of a keyboard glide: the handle where the eased glide is now, sampled. */
  function glideFrame() {
    frame.current = undefined;
    const current = drag.current;
    const glide = current?.glide;
    if (!current || !glide) return;
    const now = performance.now();
    glide.doneMs += Math.min(GLIDE_MAX_FRAME_MS, Math.max(0, now - glide.lastFrameAt));
    glide.lastFrameAt = now;
    const progress = Math.min(1, glide.doneMs / glide.durationMs);
    recordAt(current, glide.from + (glide.to - glide.from) * easeOutCubic(progress));
    if (current.x >= current.travel) void verify(current);
    else if (progress < 1) frame.current = requestAnimationFrame(glideFrame);
    else current.glide = undefined;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const { key } = event;
    const back = key === 'ArrowLeft' || key === 'ArrowDown' || key === 'Home';
    const forward = key === 'ArrowRight' || key === 'ArrowUp' || key === 'End';
    if (!back && !forward) return;
    event.preventDefault();
    const keyboardDrag = drag.current?.pointerId === null ? drag.current : null;
    if (back) {
      // Back to the start: a new attempt then (the server refuses a track going back).
      if (keyboardDrag) reset();
      return;
    }
    if (phase !== 'idle' && !keyboardDrag) return;
    const current = keyboardDrag ?? begin(null, 0);
    const from = current.x;
    const aimed = current.glide?.to ?? from;
    const to = key === 'End' ? current.travel : Math.min(current.travel, aimed + current.travel * KEY_STEP_SHARE);
    if (to <= from) return;
    current.glide = {
      from,
      to,
      durationMs: GLIDE_BASE_MS + (GLIDE_PER_TRAVEL_MS * (to - from)) / current.travel,
      doneMs: 0,
      lastFrameAt: performance.now(),
    };
    frame.current ??= requestAnimationFrame(glideFrame);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId === null || current.pointerId !== event.pointerId) return;
    record(current, event.clientX);
    if (current.x >= current.travel) void verify(current);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId === null || current.pointerId !== event.pointerId) return;
    record(current, event.clientX);
    if (current.x >= current.travel - END_TOLERANCE_PX) void verify(current);
    else reset();
  }

  function onPointerCancel(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId === event.pointerId) reset();
  }

  const position = phase === 'success' || phase === 'verifying' ? travel : x;
  const label = phase !== 'dragging' ? SLIDER_TEXTS[phase] : byKeyboard ? SLIDER_TEXTS.keyboard : SLIDER_TEXTS.idle;
  return (
    <div ref={slider} className={styles.slider} style={{ width }} data-state={phase} data-testid="slider-verify">
      <div className={styles.fill} style={{ width: position + HANDLE_PX / 2 }} />
      <span className={styles.label} aria-live="polite" data-testid="slider-verify-label">
        {label}
      </span>
      <span id={hintId} className={styles.keyHint}>
        {SLIDER_TEXTS.keyboard}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label="滑块验证"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((position / travel) * 100)}
        aria-valuetext={label}
        aria-describedby={hintId}
        aria-disabled={phase === 'success' || undefined}
        className={styles.handle}
        style={{ transform: `translateX(${position}px)` }}
        data-testid="slider-verify-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          {phase === 'success' ? (
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : (
            <path
              d="M6 6l6 6-6 6M12 6l6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </svg>
      </div>
    </div>
  );
}
