import type { SliderVerifyBody } from '@cotton/sdk/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSliderChallenges } from '../../db/schema/index';
import { takeLimitsAlone } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { hashToken } from './session';

/**
 * The slider human check (docs/auth.md): a challenge (2 minutes), one verification attempt
 * per challenge judging the drag track, and on success a one-time proof (2 minutes) that
 * the form login consumes.
 */

export const SLIDER_CHALLENGE_TTL_MS = 2 * 60 * 1000;
export const SLIDER_PROOF_TTL_MS = 2 * 60 * 1000;
/**
 * What a hand's drag looks like (docs/auth.md "Login calls"). The widget samples once per
 * pointer event — once per frame, 60 a second on most screens and 30 on a struggling phone —
 * so a drag of a few hundred ms has a dozen points or more, each a small step; a script
 * sends a handful of points or jumps across in one.
 */
export const SLIDER_RULES = {
  /** px: the track must end this close to the width. */
  endSlack: 4,
  minDurationMs: 250,
  maxDurationMs: 60_000,
  minPoints: 8,
  /** px: how far x may go back (a hand wobbles). */
  maxBacktrack: 20,
  /** From the last sample at the start to the first at the end: a hand takes longer to cross. */
  minCrossingMs: 150,
  /** The largest step between two samples, as a share of the width: more is a jump, not a drag. */
  maxStepShare: 0.5,
} as const;

export const SLIDER_MESSAGES = {
  missing: '请先完成滑块验证',
  stale: '滑块验证已失效，请重新验证',
} as const;

/**
 * Challenges per address: a row each, one try each. A company's staff behind one NAT address
 * slide far fewer (and the login lockout bounds the passwords tried); without a bound a
 * script could retry tracks and grow the table as fast as it asks.
 */
export const SLIDER_CHALLENGE_LIMIT = { max: 600, windowMs: 10 * 60 * 1000 } as const;

export async function createSliderChallenge(db: AppDatabase, ip: string, now = new Date()) {
  if (await takeLimitsAlone(db, [{ key: `slider-challenge:${ip}`, ...SLIDER_CHALLENGE_LIMIT }], { now }))
    throw new ApiError('429');
  const challengeId = randomBytes(24).toString('base64url');
  await db.insert(sysSliderChallenges).values({
    id: challengeId,
    ip: ip.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SLIDER_CHALLENGE_TTL_MS),
  });
  return { challengeId, expiresIn: SLIDER_CHALLENGE_TTL_MS / 1000 };
}

/** `[x px, t ms]` points of a drag (`SliderVerifyBody` of the wire contracts). */
export type Track = SliderVerifyBody['track'];

/** Whether a drag track looks like a person's (the rules of docs/auth.md). */
export function isHumanTrack(width: number, track: Track): boolean {
  const rules = SLIDER_RULES;
  if (track.length < rules.minPoints) return false;
  if (!track.every(([x, t]) => Number.isFinite(x) && Number.isFinite(t))) return false;
  const [x0, t0] = track[0];
  const [xEnd, tEnd] = track[track.length - 1];
  if (x0 > rules.maxBacktrack || x0 < -rules.endSlack) return false;
  if (xEnd < width - rules.endSlack || xEnd > width + rules.endSlack) return false;
  const duration = tEnd - t0;
  if (duration < rules.minDurationMs || duration > rules.maxDurationMs) return false;
  const maxStep = width * rules.maxStepShare;
  let furthest = -Infinity;
  let leftStart = t0;
  let arrived = Infinity;
  for (let index = 0; index < track.length; index += 1) {
    const [x, t] = track[index];
    if (index > 0) {
      const [xBefore, tBefore] = track[index - 1];
      // Every sample is a later moment: two at one time would be an infinitely fast move.
      if (t <= tBefore) return false;
      if (Math.abs(x - xBefore) > maxStep) return false;
    }
    if (x < furthest - rules.maxBacktrack) return false;
    furthest = Math.max(furthest, x);
    if (x <= x0 + rules.endSlack) leftStart = t;
    if (x >= width - rules.endSlack) arrived = Math.min(arrived, t);
  }
  if (arrived - leftStart < rules.minCrossingMs) return false;
  return !isConstantSpeed(track);
}

/**
 * A scripted drag moves at one speed: every point on the straight line from the first to
 * the last. A hand accelerates and slows down, so some point strays from it.
 */
function isConstantSpeed(track: Track): boolean {
  const [x0, t0] = track[0];
  const [xEnd, tEnd] = track[track.length - 1];
  const span = tEnd - t0;
  const distance = Math.abs(xEnd - x0);
  if (span <= 0) return true;
  const tolerance = Math.max(1.5, distance * 0.02);
  return track.every(([x, t]) => Math.abs(x - (x0 + ((t - t0) / span) * (xEnd - x0))) <= tolerance);
}

/**
 * The one attempt of a challenge, from the address that asked for it: marks it attempted
 * (passed or not), then judges the track. Returns the proof, or refuses with `1003`.
 */
export async function verifySlider(
  db: AppDatabase,
  input: { challengeId: string; width: number; track: Track; ip: string },
  now = new Date(),
): Promise<{ proof: string }> {
  const [challenge] = await db
    .update(sysSliderChallenges)
    .set({ attemptedAt: now })
    .where(
      and(
        eq(sysSliderChallenges.id, input.challengeId),
        eq(sysSliderChallenges.ip, input.ip.slice(0, 64)),
        isNull(sysSliderChallenges.attemptedAt),
        gt(sysSliderChallenges.expiresAt, now),
      ),
    )
    .returning({ id: sysSliderChallenges.id });
  if (!challenge || !isHumanTrack(input.width, input.track)) throw new ApiError('1003', SLIDER_MESSAGES.stale);
  const proof = randomBytes(32).toString('base64url');
  await db
    .update(sysSliderChallenges)
    .set({ proofHash: hashToken(proof), proofExpiresAt: new Date(now.getTime() + SLIDER_PROOF_TTL_MS) })
    .where(eq(sysSliderChallenges.id, challenge.id));
  return { proof };
}

/**
 * Uses a proof once, at the address that solved the slider (a proof solved elsewhere, by a
 * person or a solving service, does not travel); false when missing, unknown, stale,
 * already used or presented from another address.
 */
export async function consumeSliderProof(
  db: AppDatabase,
  proof: string | null | undefined,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  if (!proof || proof.length > 128) return false;
  const rows = await db
    .update(sysSliderChallenges)
    .set({ proofUsedAt: now })
    .where(
      and(
        eq(sysSliderChallenges.proofHash, hashToken(proof)),
        eq(sysSliderChallenges.ip, ip.slice(0, 64)),
        isNull(sysSliderChallenges.proofUsedAt),
        gt(sysSliderChallenges.proofExpiresAt, now),
      ),
    )
    .returning({ id: sysSliderChallenges.id });
  return rows.length > 0;
}
